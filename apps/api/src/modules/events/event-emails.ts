import { isLocale } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import type { EventEmailParams } from '../../emails/templates/event-format.js';
import type { Jobs } from '../../types.js';

export interface EventEmailContext {
  jobs: Jobs;
  publicUrl: string;
}

export interface EventForEmail {
  id: string;
  title: string;
  description: string | null;
  place: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  nestName: string;
}

export interface CustomerForEmail {
  email: string;
  name: string | null;
  locale: string;
}

/** Queues an event email to a customer in the transaction of the change it reports. */
export async function enqueueEventEmail(
  ctx: EventEmailContext,
  tx: Tx,
  template: 'event-registered' | 'event-reminder' | 'event-canceled',
  event: EventForEmail,
  customer: CustomerForEmail,
  guests: number,
): Promise<void> {
  const params: EventEmailParams = {
    name: customer.name,
    nestName: event.nestName,
    eventId: event.id,
    title: event.title,
    description: event.description,
    place: event.place,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: event.timeZone,
    guests,
    areaUrl: `${ctx.publicUrl}/client/app/overview`,
    host: new URL(ctx.publicUrl).host,
  };
  const request: EmailRequest<typeof template> = {
    to: customer.email,
    locale: isLocale(customer.locale) ? customer.locale : 'en-US',
    template,
    params,
  };
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, request, { tx });
}
