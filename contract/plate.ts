import { z } from 'zod';

/** SPEC §5/§9: plate text limits. */
export const PLATE_TEXT_MAX_EDITOR = 15;
export const PLATE_TEXT_MAX_STUDIO = 20;

/** SPEC §5: studio plate colours, in display order. */
export const plateColors = ['white', 'yellow', 'blue', 'green', 'red', 'black'] as const;
export const plateColorSchema = z.enum(plateColors);
export type PlateColor = z.infer<typeof plateColorSchema>;

/** SPEC §5: studio plate text colours, in display order. */
export const plateTextColors = ['black', 'white', 'red', 'blue'] as const;
export const plateTextColorSchema = z.enum(plateTextColors);
export type PlateTextColor = z.infer<typeof plateTextColorSchema>;

export const plateColorLabels: Record<PlateColor, string> = {
  white: 'Beyaz',
  yellow: 'Sarı',
  blue: 'Mavi',
  green: 'Yeşil',
  red: 'Kırmızı',
  black: 'Siyah',
};

export const plateTextColorLabels: Record<PlateTextColor, string> = {
  black: 'Siyah',
  white: 'Beyaz',
  red: 'Kırmızı',
  blue: 'Mavi',
};

/** Plate text as the user typed it: trimmed, at most `max` characters (15 editor, 20 studio). */
export const plateTextSchema = (max: number = PLATE_TEXT_MAX_EDITOR) => z.string().trim().min(1).max(max);
