// The contract every agency starts with (seeded on its first visit to the templates): a service
// contract for travel intermediation under Brazilian law (Lei Geral do Turismo, CDC, ANAC rules,
// LGPD). Written in the templates' own markup: `# ` headings, **bold**, {{fields}}.

export const DEFAULT_CONTRACT_TEMPLATE_BODY = `# CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE INTERMEDIAÇÃO DE VIAGEM E TURISMO

Pelo presente instrumento particular, de um lado **{{agencia.nome}}**, agência de turismo com sede em {{agencia.cidade}}, e-mail {{agencia.email}}, telefone {{agencia.telefone}}, doravante denominada **CONTRATADA**, neste ato representada por {{vendedor.nome}}; e, de outro lado, **{{cliente.nome}}**, inscrito(a) no CPF/CNPJ sob o nº {{cliente.documento}}, residente e domiciliado(a) em {{cliente.endereco}}, e-mail {{cliente.email}}, telefone {{cliente.telefone}}, doravante denominado(a) **CONTRATANTE**, têm entre si justo e contratado o que segue, nos termos da Lei nº 11.771/2008 (Lei Geral do Turismo), da Lei nº 8.078/1990 (Código de Defesa do Consumidor) e das cláusulas abaixo.

# CLÁUSULA 1ª – DO OBJETO

1.1. O presente contrato tem por objeto a intermediação, pela CONTRATADA, da reserva e da aquisição dos serviços turísticos relacionados abaixo, que compõem a viagem **{{viagem.titulo}}**, com destino a **{{viagem.destino}}**, no período de {{viagem.data_inicio}} a {{viagem.data_fim}}.

1.2. Viajarão os seguintes passageiros, cujos dados foram informados pelo(a) CONTRATANTE:
{{passageiros}}

1.3. Serviços contratados:
{{servicos}}

1.4. Os serviços que não constam da relação acima (tais como refeições, passeios, taxas locais, gorjetas, despesas pessoais, excesso de bagagem e taxas de turismo cobradas no destino) não estão incluídos e, se desejados, serão pagos à parte pelo(a) CONTRATANTE.

# CLÁUSULA 2ª – DA NATUREZA DA INTERMEDIAÇÃO

2.1. A CONTRATADA atua como intermediária entre o(a) CONTRATANTE e os fornecedores dos serviços (companhias aéreas, meios de hospedagem, operadoras, armadores, locadoras, seguradoras e prestadores de receptivo), que são os responsáveis pela sua execução, nas condições que publicam e que foram informadas antes da contratação.

2.2. A CONTRATADA compromete-se a prestar ao(à) CONTRATANTE informações claras e adequadas sobre os serviços, seus preços, as condições de pagamento e as regras de alteração e cancelamento de cada fornecedor, sem prejuízo dos direitos que o Código de Defesa do Consumidor assegura ao(à) CONTRATANTE.

# CLÁUSULA 3ª – DO PREÇO E DA FORMA DE PAGAMENTO

3.1. Pelos serviços descritos na Cláusula 1ª, o(a) CONTRATANTE pagará à CONTRATADA o valor total de **{{valores.total}}**, fixado na data da venda ({{data.venda}}), inclusive quanto às cotações de moedas estrangeiras utilizadas.

3.2. O pagamento será feito por {{pagamento.forma}}, conforme as parcelas abaixo:
{{pagamento.parcelas}}

3.3. O atraso no pagamento de qualquer parcela sujeitará o(a) CONTRATANTE a multa de 2% (dois por cento) sobre o valor em atraso, juros de mora de 1% (um por cento) ao mês e correção monetária. Persistindo o atraso por mais de 15 (quinze) dias, a CONTRATADA poderá, após notificar o(a) CONTRATANTE, cancelar as reservas ainda não emitidas, aplicando-se as regras de cancelamento da Cláusula 7ª.

3.4. Os bilhetes, vouchers e demais documentos de viagem serão entregues ao(à) CONTRATANTE após a confirmação dos fornecedores e o pagamento das parcelas vencidas até a data da emissão.

# CLÁUSULA 4ª – DAS OBRIGAÇÕES DA CONTRATADA

4.1. São obrigações da CONTRATADA: (a) efetuar as reservas e emitir os serviços contratados junto aos fornecedores; (b) entregar ao(à) CONTRATANTE os vouchers, bilhetes e informações necessárias à utilização dos serviços; (c) informar, com a antecedência possível, qualquer alteração comunicada pelos fornecedores; (d) prestar assistência ao(à) CONTRATANTE antes e durante a viagem, nos canais de atendimento indicados neste contrato.

# CLÁUSULA 5ª – DAS OBRIGAÇÕES DO(A) CONTRATANTE

5.1. São obrigações do(a) CONTRATANTE: (a) fornecer dados pessoais corretos e completos de todos os passageiros, exatamente como constam dos documentos que serão apresentados na viagem; (b) efetuar os pagamentos nas datas acordadas; (c) conferir os vouchers e bilhetes assim que os receber, comunicando qualquer divergência; (d) apresentar-se para embarque, check-in e demais serviços nos horários indicados pelos fornecedores; (e) observar as regras de bagagem, conduta e segurança de cada fornecedor.

5.2. Eventuais prejuízos decorrentes de dados informados de forma incorreta ou incompleta pelo(a) CONTRATANTE, como a grafia de nomes em passagens aéreas, serão por ele(a) suportados, inclusive taxas de correção e reemissão cobradas pelos fornecedores.

# CLÁUSULA 6ª – DOS DOCUMENTOS, VISTOS E EXIGÊNCIAS SANITÁRIAS

6.1. É de responsabilidade exclusiva do(a) CONTRATANTE providenciar, para todos os passageiros, os documentos exigidos para a viagem: documento de identidade original e em bom estado, passaporte com validade mínima exigida pelo país de destino (em regra, 6 meses além da data de retorno), vistos de entrada e de trânsito, autorizações de viagem de crianças e adolescentes nos termos do Estatuto da Criança e do Adolescente e da Resolução CNJ nº 131/2011, e certificados de vacinação, como o Certificado Internacional de Vacinação ou Profilaxia.

6.2. A CONTRATADA informará, a título de orientação, as exigências de que tiver conhecimento na data da contratação, cabendo ao(à) CONTRATANTE confirmá-las junto aos consulados e às autoridades competentes. A CONTRATADA não responde pela recusa de embarque ou de entrada no destino em razão de documentação irregular, insuficiente ou vencida.

# CLÁUSULA 7ª – DAS ALTERAÇÕES, DESISTÊNCIAS E CANCELAMENTOS

7.1. Pedidos de alteração ou cancelamento pelo(a) CONTRATANTE deverão ser feitos por escrito à CONTRATADA e ficam sujeitos às regras, multas e prazos de cada fornecedor, informados antes da contratação, bem como à disponibilidade de novos lugares e tarifas.

7.2. Nas passagens aéreas, aplicam-se as regras da tarifa adquirida e a Resolução ANAC nº 400/2016, inclusive o direito de desistir da compra sem ônus em até 24 (vinte e quatro) horas do recebimento do comprovante, desde que a compra tenha sido feita com antecedência igual ou superior a 7 (sete) dias da data do embarque.

7.3. Quando a contratação ocorrer fora do estabelecimento comercial da CONTRATADA (por telefone, internet ou aplicativo de mensagens), o(a) CONTRATANTE poderá exercer o direito de arrependimento previsto no art. 49 do Código de Defesa do Consumidor no prazo de 7 (sete) dias contados da assinatura deste contrato, com a devolução dos valores pagos, ressalvadas as regras específicas dos fornecedores admitidas em lei.

7.4. Os valores a restituir serão devolvidos ao(à) CONTRATANTE, descontadas as multas dos fornecedores e a remuneração dos serviços de intermediação já prestados, em até 30 (trinta) dias do seu recebimento pela CONTRATADA, pelo mesmo meio de pagamento utilizado sempre que possível.

7.5. Se um fornecedor alterar ou cancelar um serviço por motivo a que o(a) CONTRATANTE não deu causa, a CONTRATADA apresentará as alternativas oferecidas pelo fornecedor e, caso não aceitas, providenciará o reembolso integral dos valores pagos por aquele serviço, nos termos da legislação aplicável.

# CLÁUSULA 8ª – DA RESPONSABILIDADE

8.1. A CONTRATADA não se responsabiliza por atrasos, alterações ou cancelamentos decorrentes de caso fortuito ou força maior, tais como condições meteorológicas, desastres naturais, greves, atos de autoridades, epidemias, conflitos ou restrições sanitárias, sem prejuízo de empregar os meios ao seu alcance para minimizar os transtornos ao(à) CONTRATANTE.

8.2. Bagagens e objetos pessoais viajam sob a responsabilidade do(a) CONTRATANTE e dos transportadores, conforme as regras de cada um. A CONTRATADA recomenda a contratação de seguro viagem com coberturas adequadas ao destino, obrigatória em alguns países.

# CLÁUSULA 9ª – DA PROTEÇÃO DE DADOS PESSOAIS

9.1. Os dados pessoais do(a) CONTRATANTE e dos passageiros serão tratados pela CONTRATADA exclusivamente para a execução deste contrato, compartilhados apenas com os fornecedores dos serviços contratados e com as autoridades quando exigido por lei, nos termos da Lei nº 13.709/2018 (Lei Geral de Proteção de Dados Pessoais).

# CLÁUSULA 10ª – DISPOSIÇÕES GERAIS

10.1. Este contrato obriga as partes e seus sucessores. Qualquer alteração das suas condições somente terá validade se feita por escrito.

10.2. As partes reconhecem como válida a assinatura deste contrato por meio eletrônico, nos termos da Medida Provisória nº 2.200-2/2001 e da Lei nº 14.063/2020.

# CLÁUSULA 11ª – DO FORO

11.1. Fica eleito o foro da comarca do domicílio do(a) CONTRATANTE para dirimir quaisquer questões decorrentes deste contrato.

E, por estarem assim justas e contratadas, as partes assinam o presente instrumento.

{{agencia.cidade}}, {{data.hoje}}.

______________________________________________
**{{cliente.nome}}**
CONTRATANTE

______________________________________________
**{{agencia.nome}}**
CONTRATADA – {{vendedor.nome}}`;
