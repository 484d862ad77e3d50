import { Placeholder } from '../../components/Placeholder';

export default function TasksScreen() {
  return <Placeholder description="Aqui ficará o quadro de tarefas com as colunas A fazer, Fazendo, Em espera e Concluído." />;
}
