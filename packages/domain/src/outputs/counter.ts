import { z } from 'zod';
import { adminOrderSchema } from './orders.ts';

const tokens = {
  checkInToken: z
    .string()
    .nullable()
    .describe('Names the check-in that stands (send it as undoes to undo exactly it); null while waiting.'),
  paymentToken: z
    .string()
    .nullable()
    .describe('Names the payment recorded (send it as replaces or undoes); null while none is recorded.'),
};

/** An order as the counter keeps it on a phone: the order with its lines, and what names its check-in and payment. */
export const counterOrderSchema = z
  .object({ order: adminOrderSchema, ...tokens })
  .meta({ id: 'CounterOrder' });
export type CounterOrder = z.infer<typeof counterOrderSchema>;

/** A pick-up day's orders for the counter, kept on the phone to work through a drop of the network. */
export const counterDaySchema = z
  .object({
    pickUpDayId: z.number().int().nullable(),
    title: z.string(),
    answeredAt: z.string().describe('ISO 8601 instant of this answer: how fresh a copy kept on a phone is.'),
    orders: z.array(counterOrderSchema),
  })
  .meta({ id: 'CounterDay' });
export type CounterDay = z.infer<typeof counterDaySchema>;

/** What became of one tap at the counter: recorded, or not (the counter's rule) and why, with the order now. */
export const counterAnswerSchema = z
  .object({
    ...counterOrderSchema.shape,
    recorded: z.boolean(),
    conflict: z
      .string()
      .nullable()
      .describe('Why the action was not recorded, in words for staff; null when it was.'),
  })
  .meta({ id: 'CounterAnswer' });
export type CounterAnswer = z.infer<typeof counterAnswerSchema>;
