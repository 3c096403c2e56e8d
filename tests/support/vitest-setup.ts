// setupFiles of the API projects: each test's databases go away with it, a file's with the file.
import { afterAll, afterEach } from 'vitest';
import { closeTestStores } from './test-store.ts';

afterEach(() => closeTestStores('test'));
afterAll(() => closeTestStores('file'));
