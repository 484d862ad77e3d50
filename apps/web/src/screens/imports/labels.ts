// Where each kind of import is shown and the pt-BR words of the import screens.
import type { ImportKind, ImportStatus } from '@app/shared/imports';

/** The screen of each kind: people and organizations under /clientes, suppliers under /fornecedores. */
export const IMPORT_SCREEN_PATHS: Record<ImportKind, string> = {
  clients: '/clientes/import',
  organizations: '/clientes/import',
  suppliers: '/fornecedores/import',
};

/** The address query that holds the open import, so a reload shows it again. */
export const IMPORT_PARAM = 'importacao';
/** The kind chosen before a file is sent (the clients screen takes two). */
export const KIND_PARAM = 'tipo';

export const importUrl = (imp: { id: number; kind: ImportKind }) => `${IMPORT_SCREEN_PATHS[imp.kind]}?${IMPORT_PARAM}=${imp.id}`;

export const STEPS = ['Enviar arquivo', 'Mapear colunas', 'Pré-visualizar', 'Importar', 'Resultado'] as const;
export const STEP = { upload: 0, mapping: 1, preview: 2, run: 3, result: 4 } as const;

export const STATUS_COLORS: Record<ImportStatus, string> = {
  uploaded: 'gray',
  queued: 'yellow',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

/** While the job has the import: its progress is polled. */
export const isRunning = (status: ImportStatus | undefined) => status === 'queued' || status === 'running';

/** '1 linha', '1.234 linhas' */
export const rowCount = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'linha' : 'linhas'}`;
