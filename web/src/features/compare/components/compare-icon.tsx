/** Three bars of different heights: the compare list (header widget, "Сравнить" buttons). Decorative. */
export function CompareIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 20V11M12 20V4M19 20v-6" />
    </svg>
  );
}
