import { z } from 'zod';

/** What the pick-up day procedures answer. */

const dayShape = {
  pickUpDayId: z.number().int(),
  date: z.string().describe("The shop's local date, YYYY-MM-DD."),
  startTime: z.string().describe('Local time the day opens, HH:MM (24-hour).'),
  endTime: z.string().describe('Local time the day closes, HH:MM (24-hour).'),
  note: z.string().nullable(),
  displayDate: z.string().describe("e.g. 'Saturday, April 4, 2026'."),
  displayHours: z.string().describe("e.g. '9:00 AM to 4:00 PM'."),
  isFull: z.boolean().describe('Its live orders have reached its capacity: customers cannot choose it.'),
};

/** A pick-up day as the checkout offers it: from today on, full ones marked. */
export const openPickUpDaySchema = z.object(dayShape).meta({ id: 'OpenPickUpDay' });
export type OpenPickUpDay = z.infer<typeof openPickUpDaySchema>;

/** A pick-up day as staff manage it, with its capacity and the orders booked on it. */
export const pickUpDaySchema = z
  .object({
    ...dayShape,
    capacity: z.number().int(),
    booked: z.number().int().describe('Orders (not deleted) on this day.'),
    isPast: z.boolean(),
  })
  .meta({ id: 'PickUpDay' });
export type PickUpDay = z.infer<typeof pickUpDaySchema>;

/** The pick-up day fields every order shape carries; all null for an order without a day. */
export const orderPickUpDayShape = {
  pickUpDayId: z.number().int().nullable().describe('The pick-up day chosen; null when none was.'),
  pickUpDate: z.string().nullable().describe("The pick-up day's local date, YYYY-MM-DD."),
  displayPickUpDay: z.string().nullable().describe("e.g. 'Saturday, April 4, 2026, 9:00 AM to 4:00 PM'."),
  pickUpDayNote: z
    .string()
    .nullable()
    .describe(
      "The day's note from staff, e.g. 'At the barn'; null when the day has none or there is no day.",
    ),
};
