// The contract suite on the lowdb adapter, over a fresh in-memory store per test (the same write
// pipeline as the file store).
import { createMemoryStorage } from '../../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../../commerce-api/src/storage/lowdb-repositories.ts';
import { describeStorageContract } from './storage-contract.ts';

describeStorageContract('lowdb', async () => createLowdbRepositories(createMemoryStorage()));
