// The one "loading" of a page or a page's part: a spinner (global.css .page-spinner) whose words a
// screen reader reads while it turns. `visible` shows the words too (when they say where the page goes).
// A spinner waits for a script, so its HTML also says what to do when none comes (docs/decisions/0125): a
// <noscript> note that names what needs JavaScript, and a line that appears only if it still turns after
// a while (a script that failed to load), by CSS alone.
import type { ReactNode } from 'react';

interface Props {
  label?: string;
  visible?: boolean;
  /** what the script would show, for the note without JavaScript: "your earnings" */
  what?: string;
  /** a note of the page's own without JavaScript, instead of the one made from `what` */
  noscript?: ReactNode;
}

export function PageSpinner({ label = 'Loading…', visible = false, what = 'this page', noscript }: Props) {
  return (
    <div className="page-spinner" aria-busy="true" role="status">
      <span className={visible ? undefined : 'visually-hidden'}>{label}</span>
      <noscript>
        <div className="noscript-note">
          {noscript ?? (
            <p>
              PuppyNest needs JavaScript to show {what}, and it is turned off in this browser. Turn it on and reload the
              page.
            </p>
          )}
        </div>
      </noscript>
      <p className="page-spinner-slow">Still loading? Check your connection and reload the page.</p>
    </div>
  );
}
