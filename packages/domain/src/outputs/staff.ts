import { z } from 'zod';

/** Who is signed in, as the server reads the token. */
export const staffIdentitySchema = z
  .object({ subject: z.string(), email: z.string(), name: z.string() })
  .meta({ id: 'StaffIdentity' });
export type StaffIdentityAnswer = z.infer<typeof staffIdentitySchema>;

/** What the shop shows about a staff account: never the password hash. */
export const staffAccountSchema = z
  .object({
    staffId: z.number().int(),
    email: z.string(),
    fullName: z.string(),
    createdAt: z.number().int(),
    passwordChangedAt: z
      .number()
      .int()
      .nullable()
      .describe('Null while the account still has a one-time password that must be replaced at sign-in.'),
    lastSignInAt: z.number().int().nullable(),
  })
  .meta({ id: 'StaffAccount' });
export type StaffAccount = z.infer<typeof staffAccountSchema>;
