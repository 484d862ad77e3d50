import { z } from 'zod';

// Validation messages reach users verbatim (the web shows the first field error), so
// every schema in the product is built with the pt-BR locale.
z.config(z.locales.ptBR());

export { z };
