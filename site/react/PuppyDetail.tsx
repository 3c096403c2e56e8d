// /puppies/{id} (docs/product.md §2 "Puppy detail", §4, §6): gallery, status and the available / not-available
// rules, details, video, the Details, Health & Care and About the Breeder sections, Share, Contact Seller
// with its login rules, the inquiry form and dialog, Buy Now, and Edit Listing for the owner. The page
// renders it on the server with the puppy (title, description and JSON-LD are the page's), for nobody
// unless it is the owner's own draft or expired listing.
//
// Server HTML with no React behind it (decision 0128). Without a script it all still works (decision 0124):
// the sections read in order, Contact Seller and Inquire are links, Share is a mail link, and the inquiry
// is a real form. site/scripts/puppy-page.ts adds what depends on the viewer (who is logged in, whose
// listing it is, their favourites), the dialog, the gallery and Share. What only some viewers see is in
// the HTML, hidden, and marked with the rule that shows it (data-for).
import type { ReactNode } from 'react';
import type { PuppyDetailView } from '#contracts/puppies.ts';
import { formatAge, formatPrice, formatWeight } from '../lib/format.ts';
import { videoSource } from '../lib/video-embed.ts';
import { INQUIRY_ANCHOR, InquireDialog, InquiryForm } from './InquireDialog.tsx';
import { ReportForm } from './ReportForm.tsx';
import { BreederLine } from './BreederBadges.tsx';
import { FavoriteButton, StatusBadge } from './PuppyCard.tsx';
import { PuppyGallery } from './PuppyGallery.tsx';
import './PuppyDetail.css';

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
  /** the report form posted without a script was received (the API's 303 back, ?reported=1) */
  reported?: boolean;
  /** the page's own address (its canonical URL), which Share passes on */
  url: string;
  /** the page's sections: Details, Health & Care with the parents, About the Breeder (PuppySections.astro) */
  children?: ReactNode;
}

export function PuppyDetail({
  puppy,
  ownerView = false,
  inquiryRefusal,
  inquirySent = false,
  reported = false,
  url,
  children,
}: Props) {
  const available = puppy.status === 'available';
  const breed = puppy.breed?.name ?? 'Mixed breed';
  const images = [puppy.imageUrl, ...puppy.imageUrls].filter(Boolean);
  // Without a script (or before it) the server decides: the login page, the family's conversation
  // about this puppy, or the form below (GET /api/puppies/{id}/contact, decision 0124).
  const contactHref = `/api/puppies/${puppy.id}/contact`;
  // Share without a script is a mail with the link; the script uses the system's share sheet or the clipboard
  const mailShare = `mailto:?subject=${encodeURIComponent(`${puppy.name} on PuppyNest`)}&body=${encodeURIComponent(
    `Meet ${puppy.name}, a ${breed} puppy: ${url}`,
  )}`;
  // The page is rendered for nobody but an owner's draft: what only some viewers see is marked with who
  // (data-for), and the script shows or hides it once it knows (not-owner: shown until the viewer turns out
  // to own the listing; owner and member-not-owner: hidden until then).
  const notOwner = ownerView ? undefined : 'not-owner';

  return (
    <div data-puppy-page={puppy.id} data-owner={puppy.userId} data-name={puppy.name} data-breed={breed} data-url={url}>
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

      {ownerView && puppy.listingStatus !== 'active' && (
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
            {available && !ownerView && (
              <a href={`/checkout/${puppy.id}`} className="btn" data-for={notOwner}>
                Buy Now
              </a>
            )}
            {/* docs/product.md §4, decision 0124: an unavailable puppy says so once, and its breeder can
                still be asked about it (a sibling, the next litter). */}
            {!available ? (
              <>
                <p className="not-available">{NOT_AVAILABLE}</p>
                {!ownerView && (
                  <a href={contactHref} className="btn secondary outline" data-contact data-for={notOwner}>
                    Message the Breeder
                  </a>
                )}
              </>
            ) : (
              !ownerView && (
                <>
                  <a href={contactHref} className="btn" data-contact data-session-label data-for={notOwner}>
                    {/* Who is here is not known to the server, which renders this page for nobody: the label
                      follows the session hint the head script read before the first paint, so a logged-in
                      visitor never sees "Login to Contact Seller". The script writes the true one. */}
                    <span className="unless-session">Login to Contact Seller</span>
                    <span className="if-session">Contact Seller</span>
                  </a>
                  <a href={`#${INQUIRY_ANCHOR}`} className="btn secondary outline" data-inquire data-for={notOwner}>
                    Inquire
                  </a>
                </>
              )
            )}
            <a href={mailShare} className="btn secondary outline" data-share>
              Share
            </a>
            <FavoriteButton puppy={puppy} favorited={false} onToggle={undefined} />
          </div>
          <p hidden={!ownerView} data-for={ownerView ? undefined : 'owner'}>
            <a href={`/edit-puppy/${puppy.id}`} className="btn secondary">
              Edit Listing
            </a>
          </p>
          <BreederLine breeder={puppy.seller?.breeder} />
          {/* anyone logged in can report a listing (decision 0092): shown once the script knows who is here */}
          {!ownerView && (
            <div hidden data-for="member-not-owner">
              <ReportForm
                target={{ puppyId: puppy.id }}
                summary="Report this listing"
                returnTo={`/puppies/${puppy.id}`}
              />
            </div>
          )}
          {reported && (
            <p className="report-sent" role="status">
              Thank you. Our team will review your report.
            </p>
          )}
        </div>
      </div>

      <section aria-labelledby="about-heading">
        <h2 id="about-heading">About {puppy.name}</h2>
        <p className="puppy-description">{puppy.description}</p>
      </section>

      {puppy.videoUrl && <PuppyVideo url={puppy.videoUrl} name={puppy.name} />}

      {children}
      {!ownerView && (
        <div data-for={notOwner}>
          <InquiryForm puppy={puppy} refusal={inquiryRefusal} sent={inquirySent} />
        </div>
      )}
      <InquireDialog puppy={puppy} />
    </div>
  );
}

/** the puppy's video; the page's script shows the error line when an uploaded video fails to load */
function PuppyVideo({ url, name }: { url: string; name: string }) {
  const source = videoSource(url);
  const error = (hidden: boolean) => (
    <p className="video-error" role="alert" hidden={hidden} data-video-error>
      Sorry, there was an error loading this video.
    </p>
  );
  return (
    <section aria-labelledby="video-heading">
      <h2 id="video-heading">Video</h2>
      {source.kind === 'none' ? (
        error(false)
      ) : source.kind === 'link' ? (
        <p>
          <a href={source.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            Watch the video of {name} on {source.host}
          </a>
        </p>
      ) : source.kind === 'upload' ? (
        <>
          <div className="video-frame">
            <video controls preload="metadata" src={source.src} aria-label={`Video of ${name}`} data-video>
              <track kind="captions" />
            </video>
          </div>
          {error(true)}
        </>
      ) : (
        <div className="video-frame">
          {/* Only the two players of VIDEO_EMBED_ORIGINS get here. They need their scripts and their own
              origin's storage to play, and presentation for casting; no popups, forms or navigation. */}
          <iframe
            src={source.src}
            title={`Video of ${name} on ${source.provider}`}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation"
          />
        </div>
      )}
    </section>
  );
}
