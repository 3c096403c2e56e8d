/** a restore that would overwrite data, or a file that is not a backup of this store: nothing was changed */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}
