// /my-listings (docs/product.md §2 "My listings", §4 "Listing"; docs/decisions/0022, 0023): tabs All, Available,
// Reserved, Adopted with counts (the saved puppies moved to /saved, decision 0132); each listing's visibility (draft / active until /
// expired) with the action it needs; view, edit and delete with a confirmation; the payment=success alert.
// Each listing's real state as the server decides it (docs/product.md §22, decision 0134): draft (Publish
// with a plan, else the fee), live, featured until a day, expired with Renew, hidden by moderation with the
// moderator's reason; View only for a live page; Feature while the plan has a feature left this month, and
// the allowance line; the marketing kit on the annual plan (decision 0136).
// The h1 and Post a Puppy are in the page's HTML (pages/my-listings.astro); this island renders below them.
import { useEffect, useRef, useState } from 'react';
import { SellerPlanSummary } from '../react/sellers/SellerPlanSummary.tsx';
import { BreederProfilePanel } from '../react/sellers/BreederProfilePanel.tsx';
import type { UserView } from '#contracts/auth.ts';
import type { OrderView } from '#contracts/orders.ts';
import type { PuppyStatus, PuppyView } from '#contracts/puppies.ts';
import type { MyListingsConversationsResponse } from '#contracts/conversations.ts';
import type { FeatureAllowanceView, ListingStateView, MyListingStatesView } from '#contracts/features.ts';
import { KIT_PLAN, kitPath } from '#contracts/marketing-kit.ts';
import type { ActivateListingPlanResponse } from '#contracts/payments.ts';
import { SellerOrderPanel } from '../react/orders/SellerOrderPanel.tsx';
import { SellerReviews } from '../react/reviews/SellerReviews.tsx';
import { ParentsPanel } from '../react/parents/ParentsPanel.tsx';
import { ApiError, deleteJson, postJson } from '../lib/api-client.ts';
import { formatPrice } from '../lib/format.ts';
import { useApi } from '../lib/swr.ts';
import { toast } from '../lib/toast.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { StatusBadge } from '../react/PuppyCard.tsx';
import { PuppyImage } from '../react/PuppyImage.tsx';
import { Tabs } from '../react/Tabs.tsx';
import '../styles/panel.css';
import '../styles/alert-success.css';
import './MyListings.css';
import '../styles/empty-state.css';
import '../styles/tab-list.css';
import '../styles/form-actions.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

const ALERT_MS = 10_000;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

type TabId = 'all' | PuppyStatus;
const TABS: Array<{ id: TabId; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'available', label: 'Available' },
  { id: 'reserved', label: 'Reserved' },
  { id: 'adopted', label: 'Adopted' },
];

const EMPTY: Record<TabId, { title: string; text: string }> = {
  all: {
    title: 'No Puppies Listed Yet',
    text: 'Post your first puppy to reach families looking for their new best friend.',
  },
  available: { title: 'No Available Puppies', text: 'Puppies you list as available appear here.' },
  reserved: { title: 'No Reserved Puppies', text: 'Puppies with an accepted deposit appear here.' },
  adopted: { title: 'No Adopted Puppies', text: 'Puppies that went home with their new family appear here.' },
};

const HINTS: Partial<Record<TabId, string>> = {
  reserved: 'Reserved means a deposit was accepted: the puppy is waiting to go home.',
  adopted: 'Adopted means the puppy went home with its new family.',
};

export default function MyListings() {
  return <ProtectedRoute>{(user) => <Listings user={user} />}</ProtectedRoute>;
}

function Listings({ user }: { user: UserView }) {
  const { data, error, isLoading, mutate } = useApi<PuppyView[]>('/api/my-puppies');
  // each listing's state and the month's features (decision 0134)
  const states = useApi<MyListingStatesView>('/api/my-listings/states');
  const refresh = () => {
    void mutate();
    void states.mutate();
  };
  // The order holding each reserved or sold listing (docs/decisions/0056): newest first, one per puppy.
  const sellerOrders = useApi<OrderView[]>('/api/seller-orders');
  const orderFor = (puppyId: number) => sellerOrders.data?.find((order) => order.puppyId === puppyId);
  // The changed order the API answered with takes its place at once; the listings are read again, as a
  // handover makes its puppy adopted.
  const onOrderChanged = (changed: OrderView) => {
    void sellerOrders.mutate(
      (orders) => orders?.map((order) => (order.reference === changed.reference ? changed : order)),
      { revalidate: false },
    );
    void mutate();
  };
  const [tab, setTab] = useState<TabId>('all');
  const [alert, setAlert] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<PuppyView | null>(null);

  // Back from the listing-fee payment (docs/product.md §10 "Listing fee"): a success alert for 10 s, and the server re-checks the
  // payment with the provider and applies it (a late webhook never leaves the listing a draft;
  // docs/decisions/0032), then the list is loaded again.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const payment = params.get('payment');
    if (payment !== 'success' && payment !== 'already-active') return;
    setAlert(
      payment === 'success'
        ? 'Payment successful! Your puppy listing is now active and visible to potential buyers.'
        : 'This listing is already active and visible to potential buyers.',
    );
    const timer = setTimeout(() => setAlert(null), ALERT_MS);
    if (payment === 'success') {
      const puppyId = Number(params.get('puppyId'));
      postJson('/api/user/activate-listing-plan', {
        expiryDays: 30,
        ...(Number.isSafeInteger(puppyId) && puppyId > 0 ? { puppyId } : {}),
      })
        .catch(() => undefined)
        .finally(() => void mutate());
    }
    return () => clearTimeout(timer);
    // once per visit: the address does not change while the page is open
  }, []);

  const puppies = data ?? [];
  const counts: Record<TabId, number> = {
    all: puppies.length,
    available: puppies.filter((p) => p.status === 'available').length,
    reserved: puppies.filter((p) => p.status === 'reserved').length,
    adopted: puppies.filter((p) => p.status === 'adopted').length,
  };
  const shown = tab === 'all' ? puppies : puppies.filter((p) => p.status === tab);

  const remove = async (puppy: PuppyView) => {
    try {
      await deleteJson(`/api/puppies/${puppy.id}`);
      await mutate((current) => current?.filter((p) => p.id !== puppy.id), { revalidate: false });
      toast({
        title: 'Listing Deleted',
        description: `${puppy.name} was removed from your listings.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof ApiError ? error.message : 'Failed to delete the puppy listing.',
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      {alert && (
        <p className="alert-success" role="status">
          {alert}
        </p>
      )}
      {user.accountType === 'seller' && <SellerPlanSummary />}
      {user.accountType === 'seller' && states.data && <FeatureAllowance allowance={states.data.allowance} />}
      {user.accountType === 'seller' && (
        <p>
          What you earn from each sale, and your payout account: <a href="/earnings">Earnings</a>
        </p>
      )}
      {user.accountType === 'buyer' && user.role !== 'admin' && (
        <p className="hint">
          Your account is a buyer account. To list puppies, <a href="/sellers">become a seller</a>.
        </p>
      )}

      <Tabs
        tabs={TABS.map((t) => ({ id: t.id, label: `${t.label} (${counts[t.id]})` }))}
        selected={tab}
        onSelect={setTab}
        tabId={(id) => `listings-tab-${id}`}
        controls={() => 'listings-panel'}
        label="Filter your listings"
        className="tab-list"
        idleClassName="outline secondary"
      />

      <div role="tabpanel" id="listings-panel" aria-labelledby={`listings-tab-${tab}`}>
        {HINTS[tab] && <p className="hint">{HINTS[tab]}</p>}
        {error ? (
          <p role="alert">Your listings could not be loaded. Please reload the page.</p>
        ) : isLoading ? (
          <PageSpinner label="Loading your listings…" />
        ) : shown.length === 0 ? (
          <div className="empty-state">
            <h2>{EMPTY[tab].title}</h2>
            <p>{EMPTY[tab].text}</p>
            <a href="/post-puppy" className="btn">
              Post a Puppy
            </a>
          </div>
        ) : (
          <ul className="listing-rows">
            {shown.map((puppy, index) => (
              <ListingRow
                key={puppy.id}
                puppy={puppy}
                state={states.data?.listings[String(puppy.id)]}
                allowance={states.data?.allowance ?? null}
                onChanged={refresh}
                eager={index === 0}
                onDelete={() => setToDelete(puppy)}
                order={orderFor(puppy.id)}
                onOrderChanged={onOrderChanged}
              />
            ))}
          </ul>
        )}
      </div>

      {/* the seller's breeder page, its badges and the profile form (decision 0118) */}
      {user.accountType === 'seller' && <BreederProfilePanel />}

      {/* the reviews of this seller's sales, with the reply form (decision 0119) */}
      {user.accountType === 'seller' && <SellerReviews />}

      {/* parent dogs and their health tests (decision 0121) */}
      {(user.accountType === 'seller' || user.role === 'admin') && <ParentsPanel />}

      <ConfirmDelete
        puppy={toDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(puppy) => {
          setToDelete(null);
          void remove(puppy);
        }}
      />
    </>
  );
}

/**
 * The listing's conversations, and why a moderator hid it (docs/decisions/0090, 0092). One request for every row
 * (SWR shares the key), read once per visit.
 */
function ListingConversations({ puppyId }: { puppyId: number }) {
  const { data } = useApi<MyListingsConversationsResponse>('/api/my-listings/conversations');
  if (!data) return null;
  const count = data.conversations[String(puppyId)] ?? 0;
  const hidden = data.hidden[String(puppyId)];
  return (
    <>
      {hidden && (
        <p className="listing-hidden" role="note">
          <strong>Hidden by PuppyNest</strong>: {hidden} Buyers cannot see it. Write to us through the{' '}
          <a href="/contact">contact page</a> if you think this is a mistake.
        </p>
      )}
      <p className="listing-conversations">
        {count === 0 ? (
          'No conversations yet'
        ) : (
          <a href="/messages">{count === 1 ? '1 conversation' : `${count} conversations`}</a>
        )}
      </p>
    </>
  );
}

/** "2 of 3 features left this month · 3 more on Dec 14, 2026" (docs/product.md §22) */
export function allowanceText(allowance: FeatureAllowanceView): string {
  if (allowance.perMonth === 0)
    return 'Your monthly plan has no featured listings: the six-month plan has 1 a month, the annual plan 3.';
  const next = dateFormat.format(new Date(allowance.nextAt));
  const noun = allowance.perMonth === 1 ? 'feature' : 'features';
  return `${allowance.left} of ${allowance.perMonth} ${noun} left this month · ${allowance.perMonth} more on ${next}`;
}

function FeatureAllowance({ allowance }: { allowance: FeatureAllowanceView | null }) {
  return (
    <p className="feature-allowance">
      <strong>Featured listings:</strong>{' '}
      {allowance ? allowanceText(allowance) : 'featuring comes with the six-month and annual seller plans.'}
    </p>
  );
}

/** why a live listing has no Feature button: said, not a disabled button */
function featureNote(allowance: FeatureAllowanceView | null): string {
  if (!allowance) return 'Featuring comes with the six-month and annual plans.';
  if (allowance.perMonth === 0) return 'Your monthly plan has no featured listings.';
  return `No features left this month: more on ${dateFormat.format(new Date(allowance.nextAt))}.`;
}

function Visibility({
  puppy,
  state,
  planned,
}: {
  puppy: PuppyView;
  state: ListingStateView | undefined;
  /** the seller has a trialing or active plan */
  planned: boolean;
}) {
  const date = puppy.expiresAt ? dateFormat.format(new Date(puppy.expiresAt)) : '';
  const removed = state?.removedFeature && (
    <p className="listing-feature-removed" role="note">
      <strong>Feature removed by PuppyNest</strong> on {dateFormat.format(new Date(state.removedFeature.removedAt))}:{' '}
      {state.removedFeature.reason}
    </p>
  );
  if (state?.state === 'hidden') {
    return (
      <p className="listing-visibility">
        <strong>Hidden by moderation</strong>: buyers cannot see it.
        {state.hiddenReason && <> Reason: {state.hiddenReason}</>}
      </p>
    );
  }
  if (puppy.listingStatus === 'draft') {
    // with a plan, the row's Publish button takes a free slot; without one, the fee is the way
    return planned ? (
      <p className="listing-visibility">
        <strong>Draft</strong>: not visible to buyers until you publish it with your plan.
      </p>
    ) : (
      <p className="listing-visibility">
        <strong>Draft</strong>: not visible to buyers until the listing fee is paid.{' '}
        <a href={`/listing-payment/${puppy.id}`} aria-label={`Pay listing fee for ${puppy.name}`}>
          Pay listing fee
        </a>
      </p>
    );
  }
  if (puppy.listingStatus === 'expired') {
    return (
      <p className="listing-visibility">
        <strong>Expired</strong> on {date}: buyers no longer see it.
      </p>
    );
  }
  if (state?.state === 'featured' && state.featuredUntil) {
    return (
      <>
        <p className="listing-visibility">
          <strong className="listing-featured">Featured</strong> until{' '}
          {dateFormat.format(new Date(state.featuredUntil))} · Active until {date}
        </p>
        {removed}
      </>
    );
  }
  return (
    <>
      <p className="listing-visibility">
        <strong>Active</strong> until {date}
      </p>
      {removed}
    </>
  );
}

/**
 * Publish a draft or renew an expired listing (listing-fees.ts activateListingPlan): with a plan, its free
 * slot first; the listing fee when the plan has none, or without a plan (a link to the fee page).
 */
function GoLiveButton({
  puppy,
  planned,
  onRenewed,
  verb,
}: {
  puppy: PuppyView;
  planned: boolean;
  onRenewed: () => void;
  verb: 'Publish' | 'Renew';
}) {
  const [busy, setBusy] = useState(false);
  if (!planned)
    return (
      <a href={`/listing-payment/${puppy.id}`} className="btn" aria-label={`${verb} ${puppy.name}`}>
        {verb}
      </a>
    );
  const renew = async () => {
    setBusy(true);
    try {
      const answer = await postJson<ActivateListingPlanResponse>('/api/user/activate-listing-plan', {
        puppyId: puppy.id,
      });
      if (!answer.activated) {
        window.location.assign(`/listing-payment/${puppy.id}`);
        return;
      }
      toast({
        title: verb === 'Renew' ? 'Listing Renewed' : 'Listing Published',
        description: answer.message,
        variant: 'success',
      });
      onRenewed();
    } catch (error) {
      toast({
        title: 'Error',
        description:
          error instanceof ApiError
            ? error.message
            : `The listing could not be ${verb === 'Renew' ? 'renewed' : 'published'}.`,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" aria-label={`${verb} ${puppy.name}`} disabled={busy} onClick={() => void renew()}>
      {verb}
    </button>
  );
}

function FeatureButton({ puppy, onFeatured }: { puppy: PuppyView; onFeatured: () => void }) {
  const [busy, setBusy] = useState(false);
  const feature = async () => {
    setBusy(true);
    try {
      await postJson('/api/features', { puppyId: puppy.id });
      toast({
        title: 'Listing Featured',
        description: `${puppy.name} is featured for 30 days: first on the home page and in matching searches.`,
        variant: 'success',
      });
      onFeatured();
    } catch (error) {
      toast({
        title: 'Not Featured',
        description: error instanceof ApiError ? error.message : 'The listing could not be featured.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="secondary"
      aria-label={`Feature ${puppy.name}`}
      disabled={busy}
      onClick={() => void feature()}
    >
      Feature
    </button>
  );
}

function ListingRow({
  puppy,
  state,
  allowance,
  onChanged,
  eager,
  onDelete,
  order,
  onOrderChanged,
}: {
  puppy: PuppyView;
  state: ListingStateView | undefined;
  allowance: FeatureAllowanceView | null;
  onChanged: () => void;
  eager: boolean;
  onDelete: () => void;
  order: OrderView | undefined;
  onOrderChanged: (order: OrderView) => void;
}) {
  return (
    <li className="panel listing-row photo-frame">
      <PuppyImage src={puppy.imageUrl} alt={`${puppy.name}`} sizes="8rem" eager={eager} width={320} height={240} />
      <div>
        <h2>{puppy.name}</h2>
        <p>
          {puppy.breed?.name ?? 'Mixed breed'} · {puppy.gender} · {formatPrice(puppy.price)}{' '}
          <StatusBadge status={badgeOf(puppy, state)} />
        </p>
        <Visibility puppy={puppy} state={state} planned={allowance !== null} />
        {state?.state === 'live' && !state.canFeature && (
          <p className="listing-feature-note">{featureNote(allowance)}</p>
        )}
        <ListingConversations puppyId={puppy.id} />
        {order && <SellerOrderPanel order={order} puppyName={puppy.name} onChanged={onOrderChanged} />}
      </div>
      <div className="listing-actions">
        {/* View only for a public page; a draft's page is its owner's preview; an expired or hidden
            listing has no page to show (decision 0134) */}
        {state && (state.state === 'live' || state.state === 'featured' || state.state === 'not_available') && (
          <a href={`/puppies/${puppy.id}`} className="btn secondary outline" aria-label={`View ${puppy.name}`}>
            View
          </a>
        )}
        {state?.state === 'draft' && (
          <a href={`/puppies/${puppy.id}`} className="btn secondary outline" aria-label={`Preview ${puppy.name}`}>
            Preview
          </a>
        )}
        {state?.canFeature && <FeatureButton puppy={puppy} onFeatured={onChanged} />}
        {/* the annual plan's marketing kit, for a listing families can open (decision 0136) */}
        {allowance?.plan === KIT_PLAN && (state?.state === 'live' || state?.state === 'featured') && (
          <a href={kitPath(puppy.id)} className="btn secondary outline" aria-label={`Marketing kit for ${puppy.name}`}>
            Marketing kit
          </a>
        )}
        {puppy.listingStatus === 'expired' && state?.state !== 'hidden' && (
          <GoLiveButton verb="Renew" puppy={puppy} planned={allowance !== null} onRenewed={onChanged} />
        )}
        {/* a draft goes live with the plan's free slot; without a plan its row links the fee */}
        {puppy.listingStatus === 'draft' && allowance !== null && state?.state !== 'hidden' && (
          <GoLiveButton verb="Publish" puppy={puppy} planned onRenewed={onChanged} />
        )}
        <a href={`/edit-puppy/${puppy.id}`} className="btn secondary" aria-label={`Edit ${puppy.name}`}>
          Edit
        </a>
        <button type="button" className="contrast outline" aria-label={`Delete ${puppy.name}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </li>
  );
}

/** the row's badge: the listing's state first (never "Available Now" for a listing buyers cannot see) */
function badgeOf(puppy: PuppyView, state: ListingStateView | undefined): string {
  if (state?.state === 'hidden') return 'hidden';
  if (puppy.listingStatus === 'draft') return 'draft';
  if (puppy.listingStatus === 'expired') return 'expired';
  return puppy.status;
}

function ConfirmDelete({
  puppy,
  onCancel,
  onConfirm,
}: {
  puppy: PuppyView | null;
  onCancel: () => void;
  onConfirm: (puppy: PuppyView) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const shown = useRef<PuppyView | null>(null);
  if (puppy) shown.current = puppy;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (puppy && !element.open) element.showModal();
    if (!puppy && element.open) element.close();
  }, [puppy]);
  const current = shown.current;
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-title" onClose={onCancel}>
      <article>
        <h2 id="delete-title">Delete {current?.name ?? 'this listing'}?</h2>
        <p>This removes the listing and its photos for good. Buyers will no longer find it.</p>
        <footer className="form-actions">
          <button type="button" className="secondary outline" onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className="contrast" onClick={() => current && onConfirm(current)}>
            Delete listing
          </button>
        </footer>
      </article>
    </dialog>
  );
}
