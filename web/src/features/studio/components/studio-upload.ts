/** A picture the studio has uploaded. */
export interface Upload {
  /** Local object URL for previews and the "before" side of the slider. */
  preview: string;
  url: string;
}
