import { z } from 'zod';

// Validation messages reach users verbatim (section 8 prefers the first field error), so
// every schema in the product is built with the pt-BR locale.
z.config(z.locales.ptBR());

export { z };
