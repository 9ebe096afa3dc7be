import { readString, removeKey, STORAGE_KEYS, writeString } from '../../../lib/storage.ts';

export type StaffRole = 'admin' | 'moderator';

const KEY: Record<StaffRole, string> = { admin: STORAGE_KEYS.adminToken, moderator: STORAGE_KEYS.moderatorToken };

/** Tokens live in localStorage under the names of docs/product.md#client-storage: adminToken, moderatorToken. */
export const tokens = {
  get: (role: StaffRole) => readString(KEY[role]),
  set: (role: StaffRole, token: string) => writeString(KEY[role], token),
  clear: (role: StaffRole) => removeKey(KEY[role]),
};
