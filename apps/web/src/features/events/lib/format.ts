import { dateTimeFormat } from '@nest/contracts';
import { useTranslation } from 'react-i18next';

/** "Sat, May 16, 10:00 – 12:00" in the event's time zone and the reader's language. */
export function useEventWhen() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (event: { starts_at: string; ends_at: string; time_zone: string }) => {
    const day = dateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: event.time_zone,
    });
    const time = dateTimeFormat(locale, { timeStyle: 'short', timeZone: event.time_zone });
    const start = new Date(event.starts_at);
    const end = new Date(event.ends_at);
    return day.format(start) === day.format(end)
      ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`
      : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
  };
}

/** A date and time in a zone: "May 14, 2026, 18:30". */
export function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (iso: string, timeZone?: string) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
