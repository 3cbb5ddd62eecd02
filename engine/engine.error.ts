import { engineTr } from '../contract/messages.documents.tr';

/** Machine-readable reasons an input cannot be processed. */
export type EngineErrorCode =
  | 'EMPTY_FILE'
  | 'NOT_AN_IMAGE'
  | 'TRUNCATED'
  | 'TOO_MANY_PIXELS'
  | 'UNSUPPORTED_FORMAT'
  | 'INVALID_REQUEST'
  | 'INTERNAL';

/** The Turkish text per code lives in the catalogue (contract/messages.documents.tr.ts). */
const messages: Record<EngineErrorCode, string> = engineTr.errors;

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
