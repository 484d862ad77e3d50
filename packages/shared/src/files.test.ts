import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD, fileTypeOfName, IMAGE_UPLOAD, pickedFileProblem, uploadAccept, uploadHint } from './files';

describe('upload rules', () => {
  it('their texts come from the limits and types', () => {
    expect(IMAGE_UPLOAD.typeMessage).toBe('Formato de imagem não suportado (use JPEG, PNG ou WebP)');
    expect(IMAGE_UPLOAD.sizeMessage).toBe('A imagem deve ter no máximo 5 MB');
    expect(DOCUMENT_UPLOAD.typeMessage).toBe('Tipo de arquivo não suportado (use PDF, JPEG, PNG ou WebP)');
    expect(DOCUMENT_UPLOAD.sizeMessage).toBe('O arquivo deve ter no máximo 10 MB');
    expect(uploadHint(DOCUMENT_UPLOAD)).toBe('PDF, JPEG, PNG ou WebP de até 10 MB');
    expect(uploadAccept(IMAGE_UPLOAD)).toBe('image/jpeg,image/png,image/webp');
  });

  it('a type from a file name or storage key, for accepted extensions only', () => {
    expect(fileTypeOfName('Voucher.PDF')).toBe('application/pdf');
    expect(fileTypeOfName('foto.jpeg')).toBe('image/jpeg');
    expect(fileTypeOfName('images/1/abc.jpg')).toBe('image/jpeg');
    expect(fileTypeOfName('foto.gif')).toBeUndefined();
    expect(fileTypeOfName('sem-extensao')).toBeUndefined();
  });
});

describe('a file picked in the browser', () => {
  const pdf = { name: 'contrato.pdf', size: 1000, type: 'application/pdf' };
  it('goes when its type and size fit the rule', () => {
    expect(pickedFileProblem(DOCUMENT_UPLOAD, pdf)).toBeNull();
    // No type given by the system: the extension decides.
    expect(pickedFileProblem(DOCUMENT_UPLOAD, { ...pdf, type: '' })).toBeNull();
  });
  it('is refused, naming it, for its type, its size or being empty', () => {
    expect(pickedFileProblem(IMAGE_UPLOAD, pdf)).toBe(`"contrato.pdf": ${IMAGE_UPLOAD.typeMessage}.`);
    expect(pickedFileProblem(IMAGE_UPLOAD, { name: 'foto.jpg', size: 17 * 1024 * 1024, type: 'image/jpeg' })).toBe(
      `"foto.jpg": ${IMAGE_UPLOAD.sizeMessage}.`,
    );
    expect(pickedFileProblem(DOCUMENT_UPLOAD, { ...pdf, size: 0 })).toBe('O arquivo "contrato.pdf" está vazio.');
  });
});
