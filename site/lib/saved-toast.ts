// What a heart says when it saves a puppy (decision 0132): where the puppy is now. One text for the
// cards' script and the islands' hearts.
import { toast } from './toast.ts';

export function toastSaved(name: string): void {
  toast({ title: 'Saved', description: `${name} is on your Saved page.`, variant: 'success' });
}
