/**
 * The editor's rules of SPEC §5, in one place for the web form, the server and the engine (each says in its
 * own words what broke: a Turkish message on the page and in the API, an English one in the engine's CLI).
 * No zod here: the engine imports this file.
 */

/** The image operations, in the order the editor shows them. */
export const operationIds = ['background_change', 'plate_hide', 'plate_customize', 'car_clean'] as const;
export type OperationId = (typeof operationIds)[number];

export const editorRules = {
  /** Nothing chosen: no operation and no prompt. */
  needsOperation: (operations: readonly string[], prompt: string | null | undefined) =>
    operations.length === 0 && !prompt?.trim(),
  /** A prompt alone means "change the background" (the spec's client sends a preset as its prompt). */
  operationsFor: <T extends OperationId>(
    operations: readonly T[],
    prompt: string | null | undefined,
  ): OperationId[] =>
    operations.length === 0 && prompt?.trim() ? ['background_change'] : [...new Set(operations)],
  /** A background change needs a scene: a preset, a prompt (or, in the engine, a background image). */
  needsBackground: (operations: readonly string[], hasBackground: boolean) =>
    operations.includes('background_change') && !hasBackground,
  /** A custom plate needs its text. */
  needsPlateText: (operations: readonly string[], plateText: string | null | undefined) =>
    operations.includes('plate_customize') && !plateText?.trim(),
};
