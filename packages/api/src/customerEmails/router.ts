import {
  customerEmailTemplateInputSchema,
  customerEmailTemplatesSchema,
  orderEmailsSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { queryId } from '../input.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import {
  listCustomerEmailTemplates,
  orderEmails,
  requireOrder,
  retryOrderEmail,
  saveCustomerEmailTemplate,
} from './service.ts';

/** Staff-only: none of these paths is in PUBLIC_PROCEDURES. */
export const customerEmailsRouter = router({
  templates: procedure
    .output(customerEmailTemplatesSchema)
    .query(({ ctx }) => listCustomerEmailTemplates(ctx.shop)),
  saveTemplate: procedure
    .input(customerEmailTemplateInputSchema)
    .output(customerEmailTemplatesSchema)
    .mutation(({ ctx, input }) => saveCustomerEmailTemplate(ctx.shop, requireStaff(ctx), input)),
  forOrder: procedure
    .input(z.object({ orderId: queryId('orderId') }))
    .output(orderEmailsSchema)
    .query(({ ctx, input }) => {
      requireOrder(ctx.shop, input.orderId);
      return orderEmails(ctx.shop, input.orderId);
    }),
  retry: procedure
    .input(z.object({ emailId: queryId('emailId') }))
    .output(orderEmailsSchema)
    .mutation(({ ctx, input }) => retryOrderEmail(ctx.shop, input.emailId)),
});
