import { z } from 'zod';

/** Built-in zod messages in Turkish, so no validation error reaches a user in English. Import once per app. */
z.config(z.locales.tr());
