/**
 * Senders whose remote images the user chose to always show (issue 15: "blocked until the user allows them for
 * this message or sender"). Kept in this browser, per user, as the theme and the sidebar's state are: a choice
 * about what this screen loads, which another device may make differently. At most MAX_SENDERS, newest kept.
 */
const MAX_SENDERS = 500;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (userId: string) => `mail.imageSenders.${userId}`;
const normalized = (address: string) => address.trim().toLowerCase();

function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: nothing is remembered
  }
}

function read(store: KeyValueStore, userId: string): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

export function imagesAllowedFrom(
  userId: string,
  address: string | null | undefined,
  store: KeyValueStore | null = browserStore(),
): boolean {
  if (!address || !store) return false;
  return read(store, userId).includes(normalized(address));
}

export function allowImagesFrom(
  userId: string,
  address: string,
  store: KeyValueStore | null = browserStore(),
): void {
  if (!store) return;
  const sender = normalized(address);
  const senders = [sender, ...read(store, userId).filter((a) => a !== sender)].slice(0, MAX_SENDERS);
  try {
    store.setItem(keyOf(userId), JSON.stringify(senders));
  } catch {
    // Storage full or blocked: the images show for this message only.
  }
}
