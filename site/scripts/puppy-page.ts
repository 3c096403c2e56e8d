// The puppy page's script (site/react/PuppyDetail.tsx; docs/product.md §2 "Puppy detail", §4, §8; decision
// 0128). The page is server HTML for nobody; this adds what depends on who is looking: the owner's Edit
// Listing in place of Buy Now and the contact buttons, the report form for anyone else logged in, the
// true Contact Seller label, and the hearts. It also opens the inquiry dialog, drives the gallery, shares,
// and swaps in the placeholder for a photo or the message for a video that failed.
import type { UserView } from '#contracts/auth.ts';
import { FROM_PARAM, viewBeaconPath } from '#contracts/insights.ts';
import { sessionUser } from '../lib/session-user.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';
import { watchHearts } from './favorite-hearts.ts';
import { watchPhotos } from './photo-fallback.ts';
import { watchGallery } from './puppy-gallery.ts';
import { watchInquiry } from './puppy-inquiry.ts';
import { watchReportForm } from './report-form.ts';

const LOGIN_REDIRECT_MS = 1000;

const root = document.querySelector<HTMLElement>('[data-puppy-page]');
if (root) start(root);

function start(root: HTMLElement): void {
  const puppy = {
    id: Number(root.dataset.puppyPage),
    ownerId: Number(root.dataset.owner),
    name: root.dataset.name ?? '',
    breed: root.dataset.breed ?? '',
    url: root.dataset.url ?? window.location.href,
  };
  countView(puppy.id);
  watchPhotos(root);
  watchHearts(root);
  const gallery = root.querySelector<HTMLElement>('[data-gallery]');
  if (gallery) watchGallery(gallery);
  for (const form of root.querySelectorAll<HTMLFormElement>('.report-form form')) watchReportForm(form);
  watchVideo(root);
  const inquiry = watchInquiry(root, puppy);

  let user: UserView | null | undefined;
  const viewer = sessionUser().then((answer) => {
    user = answer;
    showFor(root, answer, puppy.ownerId);
    return answer;
  });

  const loginToContact = () => {
    toastAcrossNavigation({
      title: 'Authentication Required',
      description: 'Please login to contact the seller',
      variant: 'destructive',
    });
    const next = encodeURIComponent(window.location.pathname);
    setTimeout(() => window.location.assign(`/auth?next=${next}`), LOGIN_REDIRECT_MS);
  };

  root.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = (event.target as Element).closest<HTMLElement>('[data-contact], [data-inquire], [data-share]');
    if (!target) return;
    event.preventDefault();
    if (target.dataset.share !== undefined) return void share(puppy);
    if (target.dataset.inquire !== undefined) return void inquiry.open();
    // Contact Seller: the dialog for a family, the login rule for a visitor. A click before the answer
    // about who is here waits for it, so a logged-in family is never sent to /auth for it.
    if (user === undefined) target.setAttribute('aria-busy', 'true');
    void viewer.then((answer) => {
      target.removeAttribute('aria-busy');
      if (answer) void inquiry.open();
      else loginToContact();
    });
  });
  root.dataset.enhanced = '';
}

/**
 * The listing insights' view (decision 0135): the page is cached for everyone, so the view is counted by a
 * beacon to our own API, with where the visitor came from. The server drops bots, the owner and repeats.
 */
function countView(puppyId: number): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const body = new URLSearchParams({
    referrer: document.referrer,
    from: new URL(window.location.href).searchParams.get(FROM_PARAM) ?? '',
  });
  navigator.sendBeacon(viewBeaconPath(puppyId), body);
}

/** shows and hides what depends on who is looking (PuppyDetail's data-for) */
function showFor(root: HTMLElement, user: UserView | null, ownerId: number): void {
  const owner = user?.id === ownerId;
  // what is not for this viewer goes, so that nothing hidden is left to reach (an owner has no Buy Now)
  for (const element of root.querySelectorAll<HTMLElement>('[data-for]')) {
    const rule = element.dataset.for;
    if (rule === 'owner' ? owner : rule === 'not-owner' ? !owner : user && !owner) element.hidden = false;
    else element.remove();
  }
  // the label the session hint guessed, made true
  for (const label of root.querySelectorAll<HTMLElement>('[data-session-label]'))
    label.textContent = user ? 'Contact Seller' : 'Login to Contact Seller';
}

async function share(puppy: { name: string; breed: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: `${puppy.name} on PuppyNest`,
        text: `Meet ${puppy.name}, a ${puppy.breed} puppy.`,
        url: puppy.url,
      });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(puppy.url);
    toast({ title: 'Link copied', description: `The link to ${puppy.name} is on your clipboard.`, variant: 'success' });
  } catch {
    toast({ title: 'Share', description: `Copy this link: ${puppy.url}`, variant: 'default' });
  }
}

/** an uploaded video that cannot load says so (it may have failed before this script could listen) */
function watchVideo(root: HTMLElement): void {
  const video = root.querySelector<HTMLVideoElement>('video[data-video]');
  const message = root.querySelector<HTMLElement>('[data-video-error]');
  if (!video || !message) return;
  const fail = () => {
    video.closest('.video-frame')?.remove();
    message.hidden = false;
  };
  if (video.error || video.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) fail();
  else video.addEventListener('error', fail, { once: true });
}
