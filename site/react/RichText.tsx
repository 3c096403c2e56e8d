// Portable Text from the CMS, rendered to plain HTML at build time (used in .astro pages without a
// client: directive, so it ships no JavaScript).
import { PortableText, type PortableTextComponents } from '@portabletext/react';
import type { RichTextBlock } from '../lib/content/index.ts';
import './RichText.css';

const components: PortableTextComponents = {
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : '#';
      const external = /^https?:\/\//.test(href);
      return (
        <a href={href} rel={external ? 'noopener' : undefined}>
          {children}
        </a>
      );
    },
  },
};

export default function RichText({ value }: { value: RichTextBlock[] }) {
  return (
    <div className="rich-text">
      <PortableText value={value} components={components} />
    </div>
  );
}
