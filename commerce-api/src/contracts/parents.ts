// Parents and their health records (decision 0121, docs/product.md §18): the parent dogs a seller keeps,
// each with its health tests and a proof an admin checks; a listing names its sire and dam.
import * as v from 'valibot';
import { numberish } from './common.ts';

/** the health tests a record may hold, by key; the breeds' recommended lists (Studio content) use these keys */
export const HEALTH_TESTS = {
  hips: 'Hips (OFA or PennHIP)',
  elbows: 'Elbows (OFA)',
  eyes: 'Eye exam by a veterinary ophthalmologist (OFA eye / CAER)',
  cardiac: 'Heart exam (OFA cardiac)',
  patella: 'Kneecaps (OFA patellar luxation)',
  thyroid: 'Thyroid (OFA)',
  hearing: 'Hearing (BAER)',
  eic: 'Exercise-induced collapse (DNA)',
  dm: 'Degenerative myelopathy (DNA)',
  prcd_pra: 'Progressive retinal atrophy, prcd (DNA)',
  cea: 'Collie eye anomaly (DNA)',
  mdr1: 'MDR1 drug sensitivity (DNA)',
  vwd: 'von Willebrand disease (DNA)',
  other: 'Other test',
} as const;
export type HealthTestKind = keyof typeof HEALTH_TESTS;
export const HEALTH_TEST_KINDS = Object.keys(HEALTH_TESTS) as HealthTestKind[];

export const PARENT_SEXES = ['sire', 'dam'] as const;
export type ParentSex = (typeof PARENT_SEXES)[number];
export const TEST_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type HealthTestStatus = (typeof TEST_STATUSES)[number];

/** a proof is a picture or a PDF of the certificate, at most this large */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_FIELD = 'proof';

const text = (message: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `Please keep it under ${max} characters`));
const optionalText = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `Please keep it under ${max} characters`)), '');
const isoDay = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), message),
  );
/** a checkbox of a form ("on", "1", "true") or a JSON boolean */
const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.string()]),
    v.transform((x) => x === true || x === 'on' || x === '1' || x === 'true'),
  ),
  false,
);

/** POST /api/parents and PUT /api/parents/{id} (the seller's Parents form) */
export const ParentSchema = v.object(
  {
    name: text('Name is required', 80),
    sex: v.picklist(PARENT_SEXES, 'Choose sire or dam'),
    breedId: v.pipe(numberish('Breed is required'), v.integer('Breed is required'), v.minValue(1, 'Breed is required')),
    registry: optionalText(60),
    registrationNumber: optionalText(60),
    birthDate: v.optional(
      v.pipe(
        v.nullable(v.string('Birth date must be a date (YYYY-MM-DD)')),
        v.transform((s) => (s === null || s.trim() === '' ? null : s.trim())),
        v.nullable(isoDay('Birth date must be a date (YYYY-MM-DD)')),
      ),
      null,
    ),
    photoUrls: v.optional(
      v.pipe(
        v.array(
          v.pipe(
            v.string('Please upload the photo again'),
            v.regex(/^\/(?:uploads|public-objects)\/[\w\-./]+$/, 'Please upload the photo again'),
            v.check((s) => !s.includes('..'), 'Please upload the photo again'),
          ),
        ),
        v.maxLength(6, 'You can add up to 6 photos of a parent.'),
      ),
      [],
    ),
    /** a stud from another kennel this seller used (decision 0121): kept by the seller like their own dogs */
    outsideStud: flag,
  },
  () => "Please send the parent's details.",
);
export type ParentInput = v.InferOutput<typeof ParentSchema>;

/** POST /api/parents/{id}/tests and PUT /api/parents/{id}/tests/{testId} */
export const HealthTestSchema = v.object(
  {
    test: v.picklist(HEALTH_TEST_KINDS as [HealthTestKind, ...HealthTestKind[]], 'Choose a test from the list'),
    result: text('Result is required (for example Good, Normal or Clear)', 80),
    testedOn: isoDay('Test date must be a date (YYYY-MM-DD)'),
    /** OFA, PennHIP, CAER, Embark, … */
    registry: optionalText(60),
    certificateNumber: optionalText(60),
  },
  () => "Please send the test's details.",
);
export type HealthTestInput = v.InferOutput<typeof HealthTestSchema>;

/** POST /api/admin/health-tests/{id}/reject */
export const HealthTestRejectSchema = v.object(
  { reason: text('Say why the proof does not match, so the seller can fix it', 500) },
  () => 'Say why the proof does not match, so the seller can fix it',
);

/** a health test as its seller (and an admin) sees it */
export interface HealthTestView {
  id: number;
  parentId: number;
  test: HealthTestKind;
  label: string;
  result: string;
  testedOn: string;
  registry: string;
  certificateNumber: string;
  /** OFA's public record of this test, when the registry is OFA and a number is given */
  ofaUrl: string | null;
  status: HealthTestStatus;
  verifiedAt: string | null;
  rejectedReason: string | null;
  hasProof: boolean;
  /** the seller's and admins' address of the proof (never public) */
  proofUrl: string | null;
}

export interface ParentView {
  id: number;
  name: string;
  sex: ParentSex;
  breedId: number;
  breedName: string | null;
  registry: string;
  registrationNumber: string;
  birthDate: string | null;
  photoUrls: string[];
  outsideStud: boolean;
  tests: HealthTestView[];
}

/** what a listing page shows of a parent: no proof, only what was checked */
export interface PublicHealthTestView {
  test: HealthTestKind;
  label: string;
  result: string;
  testedOn: string;
  registry: string;
  certificateNumber: string;
  ofaUrl: string | null;
  verified: boolean;
  verifiedAt: string | null;
}

export interface PublicParentView {
  id: number;
  name: string;
  sex: ParentSex;
  breedName: string | null;
  registry: string;
  registrationNumber: string;
  birthDate: string | null;
  photoUrls: string[];
  outsideStud: boolean;
  /** pending and verified tests; a rejected one is left out */
  tests: PublicHealthTestView[];
  /** the parent's breed's recommended tests (Studio content), each with whether it is verified here */
  recommended: Array<{ test: HealthTestKind; label: string; verified: boolean }>;
}

/** a listing's parents on its page (PuppyDetailView.parents) */
export interface ListingParentsView {
  sire: PublicParentView | null;
  dam: PublicParentView | null;
  /** both parents named and every recommended test of each verified (the listing's healthTested flag) */
  healthTested: boolean;
}

/** one test waiting for an admin (GET /api/admin/health-tests) */
export interface HealthTestReviewItem extends HealthTestView {
  parentName: string;
  parentSex: ParentSex;
  parentRegistrationNumber: string;
  sellerId: number;
  sellerUsername: string;
}

/**
 * OFA's public search for a test's number (decision 0121). OFA's own links use `appnum` for the number
 * of a dog's record (digits only); any other number (a certificate like LR-100E24M-PI) goes to the
 * quick search, which finds a record by its certificate or registration number.
 */
export function ofaRecordUrl(registry: string, certificateNumber: string): string | null {
  const number = certificateNumber.trim();
  if (!number || !/^ofa$/i.test(registry.trim())) return null;
  return /^\d+$/.test(number)
    ? `https://ofa.org/advanced-search/?appnum=${number}`
    : `https://ofa.org/advanced-search/?quicksearch=${encodeURIComponent(number)}`;
}

/** GET /api/parents: the seller's parents, and which parents each of their listings names */
export interface MyParentsResponse {
  parents: ParentView[];
  named: Record<number, { sireId: number | null; damId: number | null }>;
}
