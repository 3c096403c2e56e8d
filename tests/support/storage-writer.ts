// Child process of the storage crash test: `storage-writer.ts <dataDir> [seedRows]` opens file
// storage on dataDir, adds seedRows rows first if the database is empty (a bigger file makes each
// save last longer, so a kill lands inside one more often), prints `ready`, then keeps BURST writes
// in flight (a new one starts whenever one is acknowledged) until it is killed.
// Prints `sent <id>` when a write is applied in memory and `ack <id>` when write() resolved, that
// is when the row is durable. Stdout to a pipe is synchronous on Linux, so an `ack` line is out
// before the next write starts.
import { createFileStorage } from '../../commerce-api/src/storage/index.ts';

const BURST = 200;
const [dataDir, seedArg = '0'] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: storage-writer.ts <dataDir> [seedRows]');
  process.exit(2);
}

const storage = await createFileStorage({ dataDir });
const padding = 'Woof! '.repeat(150);
const message = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: '555-0100',
  message: `${n} ${padding}`,
  puppyId: null,
  userId: null,
  createdAt: new Date().toISOString(),
});

if (storage.db.contactMessages.count() === 0) {
  await storage.write((db) => {
    for (let n = 1; n <= Number(seedArg); n++) db.contactMessages.insert(message(-n));
  });
}
process.stdout.write('ready\n');

function writeOne(n: number): void {
  let id = 0;
  const acknowledged = storage.write((db) => {
    id = db.contactMessages.insert(message(n)).id;
  });
  process.stdout.write(`sent ${id}\n`);
  acknowledged.then(
    () => {
      process.stdout.write(`ack ${id}\n`);
      writeOne(n + BURST);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

for (let n = 1; n <= BURST; n++) writeOne(n);
