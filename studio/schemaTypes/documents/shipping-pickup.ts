import { defineType } from 'sanity';
import { datedSectionFields } from './dated-sections.ts';

// /shipping: how a puppy gets from the seller to the buyer, as the product does it (docs/product.md §10,
// decision 0120). PuppyNest transports nothing: the text must not promise a delivery service.
export const shippingPickup = defineType({
  name: 'shippingPickup',
  title: 'Shipping and pickup',
  type: 'document',
  icon: () => '🚗',
  fields: datedSectionFields(),
  preview: { prepare: () => ({ title: 'Shipping and pickup' }) },
});
