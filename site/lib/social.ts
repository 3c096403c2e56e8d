import type { SiteSettings } from './content/index.ts';

type Platform = SiteSettings['socialLinks'][number]['platform'];

export const PLATFORM_NAMES: Record<Platform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
};
