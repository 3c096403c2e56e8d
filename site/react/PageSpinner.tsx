// The one "loading" of a page or a page's part: a spinner (global.css .page-spinner) whose words a
// screen reader reads while it turns. `visible` shows the words too (when they say where the page goes).
export function PageSpinner({ label = 'Loading…', visible = false }: { label?: string; visible?: boolean }) {
  return (
    <div className="page-spinner" aria-busy="true" role="status">
      <span className={visible ? undefined : 'visually-hidden'}>{label}</span>
    </div>
  );
}
