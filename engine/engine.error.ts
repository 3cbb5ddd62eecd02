/** Machine-readable reasons an input cannot be processed. */
export type EngineErrorCode =
  | 'EMPTY_FILE'
  | 'NOT_AN_IMAGE'
  | 'TRUNCATED'
  | 'TOO_MANY_PIXELS'
  | 'UNSUPPORTED_FORMAT'
  | 'INVALID_REQUEST'
  | 'INTERNAL';

const messages: Record<EngineErrorCode, string> = {
  EMPTY_FILE: 'Yüklenen dosya boş.',
  NOT_AN_IMAGE: 'Dosya bir resim değil. Lütfen JPG, PNG veya WebP yükleyin.',
  TRUNCATED: 'Resim dosyası eksik ya da bozuk. Lütfen dosyayı yeniden yükleyin.',
  TOO_MANY_PIXELS: 'Resim çok büyük. En fazla 50 megapiksel olabilir.',
  UNSUPPORTED_FORMAT: 'Bu resim biçimi desteklenmiyor. Lütfen JPG, PNG veya WebP yükleyin.',
  INVALID_REQUEST: 'İşlem isteği geçersiz.',
  INTERNAL: 'Görsel işlenirken beklenmeyen bir hata oluştu.',
};

/** Typed engine failure: `code` for programs, `message` is Turkish and safe to show to users. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly detail?: string;

  constructor(code: EngineErrorCode, detail?: string, message?: string) {
    super(message ?? messages[code]);
    this.name = 'EngineError';
    this.code = code;
    this.detail = detail;
  }
}
