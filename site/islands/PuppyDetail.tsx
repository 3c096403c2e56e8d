// /puppies/{id} (docs/product.md §2 "Puppy detail", §4, §6): gallery, status and the available / not-available
// rules, details, video, the Details, Health & Care and About the Breeder sections, Share, Contact Seller
// with its login rules, the inquiry form and dialog, Buy Now, and Edit Listing for the owner. The page
// renders it on the server with the puppy (title, description and JSON-LD are the page's); hydrated, it
// adds what depends on the viewer (login, favourites). Without a script it all still works (decision
// 0124): the sections read in order, Contact Seller and Inquire are links, and the inquiry is a real form.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { PuppyDetailView } from '#contracts/puppies.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { formatAge, formatPrice, formatWeight } from '../lib/format.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';
import { useFavorites } from '../lib/favorites.ts';
import { absoluteUrl } from '../lib/head-tags.ts';
import { videoSource } from '../lib/video-embed.ts';
import {
  INQUIRY_ANCHOR,
  InquireDialog,
  InquiryForm,
  useInquiry,
  type InquireDialogHandle,
} from '../react/InquireDialog.tsx';
import { ReportForm } from '../react/ReportForm.tsx';
import { BreederLine } from '../react/BreederBadges.tsx';
import { FavoriteButton, StatusBadge } from '../react/PuppyCard.tsx';
import { PuppyGallery } from '../react/PuppyGallery.tsx';
import './PuppyDetail.css';

const LOGIN_REDIRECT_MS = 1000;
const NOT_AVAILABLE = 'Currently Not Available';

interface Props {
  /** the puppy, rendered on the server (the page is 404 without one) */
  puppy: PuppyDetailView;
  /** the server rendered this page for the puppy's logged-in owner (a draft or expired listing) */
  ownerView?: boolean;
  /** why the API refused the inquiry form posted without a script (the page reads its code, decision 0108) */
  inquiryRefusal?: string | undefined;
  /** the inquiry form posted without a script went to the seller's mail (the owner's own listing) */
  inquirySent?: boolean;
  /**
   * the page's slot: Details, Health & Care with the parents, About the Breeder (PuppySections.astro,
   * decision 0124). Static HTML the island places and never renders: no script carries it.
   */
  sections?: ReactNode;
}

export default function PuppyDetail({
  puppy,
  ownerView = false,
  inquiryRefusal,
  inquirySent = false,
  sections,
}: Props) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const favorites = useFavorites();
  const inquire = useRef<InquireDialogHandle>(null);
  const inquiry = useInquiry(puppy, user);
  // A click on Contact Seller before the page knows who is here waits for the answer: a logged-in
  // visitor whose /api/user is still in flight sees "Login to Contact Seller" and must not be sent to
  // /auth (which sends a logged-in visitor home) for it.
  const [contactWaiting, setContactWaiting] = useState(false);
  const available = puppy.status === 'available';
  const isOwner = ownerView || user?.id === puppy.userId;
  const breed = puppy.breed?.name ?? 'Mixed breed';
  const images = [puppy.imageUrl, ...puppy.imageUrls].filter(Boolean);
  // Without a script (or before it) the server decides: the login page, the family's conversation
  // about this puppy, or the form below (GET /api/puppies/{id}/contact, decision 0124).
  const contactHref = `/api/puppies/${puppy.id}/contact`;

  const loginToContact = () => {
    toastAcrossNavigation({
      title: 'Authentication Required',
      description: 'Please login to contact the seller',
      variant: 'destructive',
    });
    const next = encodeURIComponent(window.location.pathname);
    setTimeout(() => window.location.assign(`/auth?next=${next}`), LOGIN_REDIRECT_MS);
  };

  /** a plain click on a contact link, once the island is awake: the dialog, or the login rule */
  const contact = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (userLoading) setContactWaiting(true);
    else if (user) inquire.current?.open();
    else loginToContact();
  };

  useEffect(() => {
    if (!contactWaiting || userLoading) return;
    setContactWaiting(false);
    if (user) inquire.current?.open();
    else loginToContact();
    // loginToContact reads nothing that changes
  }, [contactWaiting, userLoading, user]);

  const share = async () => {
    const url = absoluteUrl(`/puppies/${puppy.id}`);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: `${puppy.name} on PuppyNest`,
          text: `Meet ${puppy.name}, a ${breed} puppy.`,
          url,
        });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({
        title: 'Link copied',
        description: `The link to ${puppy.name} is on your clipboard.`,
        variant: 'success',
      });
    } catch {
      toast({ title: 'Share', description: `Copy this link: ${url}`, variant: 'default' });
    }
  };

  return (
    <>
      <nav aria-label="breadcrumb" className="breadcrumbs">
        <ul>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href="/puppies">Available Puppies</a>
          </li>
          <li>
            <span aria-current="page">{puppy.name}</span>
          </li>
        </ul>
      </nav>

      {isOwner && puppy.listingStatus !== 'active' && (
        <p className="owner-note" role="status">
          {puppy.listingStatus === 'draft'
            ? 'This listing is a draft: only you can see it until its listing fee is paid. '
            : 'This listing has expired: buyers no longer see it. '}
          <a href={`/listing-payment/${puppy.id}`}>{puppy.listingStatus === 'draft' ? 'Pay listing fee' : 'Renew'}</a>
        </p>
      )}

      <div className="puppy-detail">
        <PuppyGallery images={images} name={puppy.name} />

        <div className="detail-summary">
          <StatusBadge status={puppy.status} />
          <h1>{puppy.name}</h1>
          <p className="puppy-card-breed">
            {breed} · {puppy.gender}
          </p>
          <p className="detail-price">{formatPrice(puppy.price)}</p>
          <dl className="detail-facts">
            <dt>Age</dt>
            <dd>{formatAge(puppy.age)}</dd>
            <dt>Weight</dt>
            <dd>{formatWeight(puppy.weight)}</dd>
            <dt>Location</dt>
            <dd>{puppy.location}</dd>
          </dl>

          <div className="detail-actions">
            {!isOwner && available && (
              <a href={`/checkout/${puppy.id}`} className="btn">
                Buy Now
              </a>
            )}
            {/* docs/product.md §4, decision 0124: an unavailable puppy says so once, and its breeder can
                still be asked about it (a sibling, the next litter). */}
            {!available ? (
              <>
                <p className="not-available">{NOT_AVAILABLE}</p>
                {!isOwner && (
                  <a href={contactHref} className="btn secondary outline" onClick={contact}>
                    Message the Breeder
                  </a>
                )}
              </>
            ) : (
              <>
                <a href={contactHref} className="btn" aria-busy={contactWaiting || undefined} onClick={contact}>
                  {user ? (
                    'Contact Seller'
                  ) : userLoading ? (
                    // Who is here is not known yet (the server renders this page for nobody): the label
                    // follows the session hint the head script read before the first paint, so a logged-in
                    // visitor never sees "Login to Contact Seller". A click waits for the answer.
                    <>
                      <span className="unless-session">Login to Contact Seller</span>
                      <span className="if-session">Contact Seller</span>
                    </>
                  ) : (
                    'Login to Contact Seller'
                  )}
                </a>
                <a
                  href={`#${INQUIRY_ANCHOR}`}
                  className="btn secondary outline"
                  onClick={(event) => {
                    event.preventDefault();
                    inquire.current?.open();
                  }}
                >
                  Inquire
                </a>
              </>
            )}
            <button type="button" className="secondary outline" onClick={share}>
              Share
            </button>
            <FavoriteButton puppy={puppy} favorited={favorites.ids.has(puppy.id)} onToggle={favorites.toggle} />
          </div>
          {isOwner && (
            <p>
              <a href={`/edit-puppy/${puppy.id}`} className="btn secondary">
                Edit Listing
              </a>
            </p>
          )}
          <BreederLine breeder={puppy.seller?.breeder} />
          {/* anyone logged in can report a listing (decision 0092) */}
          {user && !isOwner && (
            <ReportForm
              target={{ puppyId: puppy.id }}
              summary="Report this listing"
              returnTo={`/puppies/${puppy.id}`}
            />
          )}
        </div>
      </div>

      <section aria-labelledby="about-heading">
        <h2 id="about-heading">About {puppy.name}</h2>
        <p className="puppy-description">{puppy.description}</p>
      </section>

      {puppy.videoUrl && <PuppyVideo url={puppy.videoUrl} name={puppy.name} />}

      {sections}
      {!isOwner && <InquiryForm puppy={puppy} inquiry={inquiry} refusal={inquiryRefusal} sent={inquirySent} />}
      <InquireDialog ref={inquire} puppy={puppy} inquiry={inquiry} />
    </>
  );
}

function PuppyVideo({ url, name }: { url: string; name: string }) {
  const source = videoSource(url);
  const [failed, setFailed] = useState(source.kind === 'none');
  // Rendered on the server, the video may have failed before this script could listen: ask it.
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (element && (element.error || element.networkState === HTMLMediaElement.NETWORK_NO_SOURCE)) setFailed(true);
  }, []);
  return (
    <section aria-labelledby="video-heading">
      <h2 id="video-heading">Video</h2>
      {failed || source.kind === 'none' ? (
        <p className="video-error" role="alert">
          Sorry, there was an error loading this video.
        </p>
      ) : source.kind === 'link' ? (
        <p>
          <a href={source.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            Watch the video of {name} on {source.host}
          </a>
        </p>
      ) : (
        <div className="video-frame">
          {source.kind === 'upload' ? (
            <video
              ref={video}
              controls
              preload="metadata"
              src={source.src}
              onError={() => setFailed(true)}
              aria-label={`Video of ${name}`}
            >
              <track kind="captions" />
            </video>
          ) : (
            // Only the two players of VIDEO_EMBED_ORIGINS get here. They need their scripts and their own
            // origin's storage to play, and presentation for casting; no popups, forms or navigation.
            <iframe
              src={source.src}
              title={`Video of ${name} on ${source.provider}`}
              loading="lazy"
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation"
            />
          )}
        </div>
      )}
    </section>
  );
}
