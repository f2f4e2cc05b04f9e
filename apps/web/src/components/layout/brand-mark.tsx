/** The nest mark: a rounded square in the brand colour (decorative, the name is next to it). */
export function BrandMark() {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      className="size-8 text-brand-700 dark:text-brand-400"
    >
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path
        d="M7 19c2.5 4 5.5 6 9 6s6.5-2 9-6M9 15c2-3 4.5-4.5 7-4.5S21 12 23 15M12 11.5 16 7l4 4.5"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
