import type { Locale } from '@nest/contracts';
import { dateTimeFormat } from '@nest/contracts';
import type { MailAttachment } from '../layout.js';

/** What every event email says about the event (params are stored in the jobs table: no secrets). */
export interface EventEmailParams {
  name: string | null;
  nestName: string;
  eventId: string;
  title: string;
  description: string | null;
  place: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  guests: number;
  /** The customer area, where registrations are managed. */
  areaUrl: string;
  /** The app's address, which names the calendar entry (UID). */
  host: string;
}

/** "Saturday, May 16, 2026, 10:00 – 12:00" in the nest's time zone. */
export function eventWhen(
  locale: Locale,
  p: Pick<EventEmailParams, 'startsAt' | 'endsAt' | 'timeZone'>,
): string {
  const start = new Date(p.startsAt);
  const end = new Date(p.endsAt);
  const day = dateTimeFormat(locale, { dateStyle: 'full', timeZone: p.timeZone });
  const time = dateTimeFormat(locale, { timeStyle: 'short', timeZone: p.timeZone });
  const sameDay = day.format(start) === day.format(end);
  return sameDay
    ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

/** RFC 5545 text: backslash, semicolon, comma and new lines escaped. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 folds lines longer than 75 octets: CRLF and one space, never splitting a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const icsTime = (iso: string) => `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/**
 * The event as a calendar file (.ics). The same UID for every email about the event, so a calendar
 * updates the entry; a cancellation sends it again with METHOD:CANCEL and STATUS:CANCELLED.
 */
export function eventCalendar(p: EventEmailParams, canceled = false): MailAttachment {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nest//Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${canceled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:event-${p.eventId}@${p.host}`,
    `DTSTAMP:${icsTime(new Date().toISOString())}`,
    `DTSTART:${icsTime(p.startsAt)}`,
    `DTEND:${icsTime(p.endsAt)}`,
    `SUMMARY:${icsText(`${p.title} — ${p.nestName}`)}`,
    ...(p.place ? [`LOCATION:${icsText(p.place)}`] : []),
    ...(p.description ? [`DESCRIPTION:${icsText(p.description)}`] : []),
    `STATUS:${canceled ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(canceled ? ['SEQUENCE:1'] : ['SEQUENCE:0']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return {
    filename: 'event.ics',
    contentType: `text/calendar; charset=utf-8; method=${canceled ? 'CANCEL' : 'PUBLISH'}`,
    content: `${lines.map(fold).join('\r\n')}\r\n`,
  };
}
