import { z } from 'zod';

/** One named setting: a switch (isTrue) or a text (value), e.g. the global message or the orders-closed flag. */
export const settingSchema = z
  .object({ settingId: z.number().int(), name: z.string(), isTrue: z.boolean(), value: z.string() })
  .meta({ id: 'Setting' });
export type Setting = z.infer<typeof settingSchema>;

/** Every setting the caller may read: all of them for staff, the public ones for visitors. */
export const settingsSchema = z.array(settingSchema).meta({ id: 'Settings' });

/** A global message saved under a name to be used again. */
export const savedMessageSchema = z
  .object({ messageId: z.number().int(), name: z.string(), messageHtml: z.string() })
  .meta({ id: 'SavedMessage' });
export type SavedMessage = z.infer<typeof savedMessageSchema>;
