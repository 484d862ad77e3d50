// What the uploads accept, without zod: the API checks the sniffed bytes against these rules and
// the web app checks a picked file before sending it, with the same limits and texts.
import { fileSize } from './format';

/** Each accepted type and the extension its stored copy gets. */
export const FILE_EXTENSIONS = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type FileType = keyof typeof FILE_EXTENSIONS;
export const FILE_TYPE_LABELS: Record<FileType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

export const isFileType = (type: string): type is FileType => Object.hasOwn(FILE_EXTENSIONS, type);

const TYPE_BY_EXTENSION: Record<string, FileType> = {
  ...(Object.fromEntries(Object.entries(FILE_EXTENSIONS).map(([type, ext]) => [ext, type])) as Record<string, FileType>),
  jpeg: 'image/jpeg',
};

/** The type a file or storage key name says it has ('foto.JPEG' -> 'image/jpeg'), if accepted. */
export function fileTypeOfName(name: string): FileType | undefined {
  return TYPE_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''];
}

/** 'PDF, JPEG, PNG ou WebP' */
export function fileTypeList(types: readonly FileType[]): string {
  const labels = types.map((t) => FILE_TYPE_LABELS[t]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ou ${labels.at(-1)}` : (labels[0] ?? '');
}

export type UploadRule = { maxBytes: number; types: readonly FileType[]; typeMessage: string; sizeMessage: string };

/**
 * Why a file picked in the browser cannot go, or null if it can: checked before any byte is sent
 * (the server checks the bytes again). Some systems give no type: the name's extension decides then.
 */
export function pickedFileProblem(rule: UploadRule, file: { name: string; size: number; type: string }): string | null {
  const type = file.type || fileTypeOfName(file.name);
  if (!type || !isFileType(type) || !rule.types.includes(type)) return `"${file.name}": ${rule.typeMessage}.`;
  if (file.size > rule.maxBytes) return `"${file.name}": ${rule.sizeMessage}.`;
  if (file.size === 0) return `O arquivo "${file.name}" está vazio.`;
  return null;
}

const MB = 1024 * 1024;

/** A rule whose messages name its own types and limit. */
function uploadRule(
  types: readonly FileType[],
  maxBytes: number,
  say: { type: (typeList: string) => string; size: (limit: string) => string },
): UploadRule {
  return { types, maxBytes, typeMessage: say.type(fileTypeList(types)), sizeMessage: say.size(fileSize(maxBytes)) };
}

/** POST /api/uploads/image: cover images. */
export const IMAGE_UPLOAD = uploadRule(['image/jpeg', 'image/png', 'image/webp'], 5 * MB, {
  type: (typeList) => `Formato de imagem não suportado (use ${typeList})`,
  size: (limit) => `A imagem deve ter no máximo ${limit}`,
});

/** Client attachments and an attendance's consolidated document. */
export const DOCUMENT_UPLOAD = uploadRule(['application/pdf', 'image/jpeg', 'image/png', 'image/webp'], 10 * MB, {
  type: (typeList) => `Tipo de arquivo não suportado (use ${typeList})`,
  size: (limit) => `O arquivo deve ter no máximo ${limit}`,
});

/** POST /api/vouchers/upload: a voucher of a sold service or of the whole trip. */
export const VOUCHER_UPLOAD = uploadRule(['application/pdf', 'image/jpeg', 'image/png', 'image/webp'], 10 * MB, {
  type: (typeList) => `O voucher deve ser um arquivo ${typeList}`,
  size: (limit) => `O voucher deve ter no máximo ${limit}`,
});

/** POST /api/contracts/upload: the signed copy of a contract. */
export const CONTRACT_UPLOAD = uploadRule(['application/pdf'], 10 * MB, {
  type: () => 'O contrato assinado deve ser um arquivo PDF',
  size: (limit) => `O contrato assinado deve ter no máximo ${limit}`,
});

export const FILE_MISSING_MESSAGE = 'Envie um arquivo no campo file';

/** The hint under an upload button: 'PDF, JPEG, PNG ou WebP de até 10 MB'. */
export const uploadHint = (rule: UploadRule) => `${fileTypeList(rule.types)} de até ${fileSize(rule.maxBytes)}`;

/** The `accept` attribute of a file input. */
export const uploadAccept = (rule: UploadRule) => rule.types.join(',');
