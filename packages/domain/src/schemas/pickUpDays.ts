import { z } from 'zod';
import { isCalendarDate, isClockTime, PICK_UP_CAPACITY_MAX, PICK_UP_NOTE_MAX } from '../pickUpDays.ts';
import { optionalTextInput } from '../schemas.ts';
import { wholeId } from './orders.ts';

const CAPACITY_INVALID = `capacity must be a whole number of orders from 1 to ${PICK_UP_CAPACITY_MAX}.`;
const DATE_INVALID = 'date must be a calendar date written YYYY-MM-DD, such as 2026-04-04.';
const timeInvalid = (field: string) =>
  `${field} must be a time written HH:MM (24-hour), such as 09:00 or 16:30.`;

const clockTime = (field: string) =>
  z
    .string({ error: timeInvalid(field) })
    .trim()
    .refine(isClockTime, { error: timeInvalid(field) });

/** A pick-up day as staff save it: no pickUpDayId adds one, with one changes it. */
export const pickUpDayInputSchema = z
  .object(
    {
      pickUpDayId: wholeId('pickUpDayId').nullish(),
      date: z.string({ error: DATE_INVALID }).trim().refine(isCalendarDate, { error: DATE_INVALID }),
      startTime: clockTime('startTime'),
      endTime: clockTime('endTime'),
      capacity: z
        .number({ error: CAPACITY_INVALID })
        .int({ error: CAPACITY_INVALID })
        .min(1, { error: CAPACITY_INVALID })
        .max(PICK_UP_CAPACITY_MAX, { error: CAPACITY_INVALID }),
      note: optionalTextInput('note', PICK_UP_NOTE_MAX),
    },
    { error: 'Send the pick-up day as a JSON object with date, startTime, endTime and capacity.' },
  )
  .meta({
    required: ['date', 'startTime', 'endTime', 'capacity'],
    examples: [
      { date: '2026-04-04', startTime: '09:00', endTime: '16:00', capacity: 40, note: 'At the barn' },
    ],
  })
  .superRefine((value, ctx) => {
    if (value.endTime <= value.startTime) {
      ctx.addIssue({
        code: 'custom',
        message: 'endTime must be later than startTime.',
        path: ['endTime'],
        input: value.endTime,
      });
    }
  });
export type PickUpDayInput = z.output<typeof pickUpDayInputSchema>;
export type PickUpDayFormInput = z.input<typeof pickUpDayInputSchema>;

export const pickUpDayIdInputSchema = z.object({ pickUpDayId: wholeId('pickUpDayId') });
