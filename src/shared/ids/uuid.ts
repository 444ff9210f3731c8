import { z } from 'zod';

const ZUuid = z.uuid();

/**
 * Whether a value can be a row's id (zod's UUID check, as in the contracts' `z.uuid()` fields). Path and query
 * ids are checked with it in the services, not in the route schemas: an id that is not a UUID names nothing, so
 * it answers 404 like another organization's id, not 400.
 */
export function isUuid(value: string): boolean {
  return ZUuid.safeParse(value).success;
}
