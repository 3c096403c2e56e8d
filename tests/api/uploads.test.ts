import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../commerce-api/src/app.ts';
import { buildBreeds } from '../support/factories.ts';
import { createTestApp, registeredAgent, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let app: TestApp['app'];
let uploadsDir: string;
let jpegWithGps: Buffer;
let png: Buffer;

/** the GPSInfo pointer tag (0x8825) of a little-endian EXIF block */
const hasGpsTag = (exif: Buffer | undefined) => exif !== undefined && exif.includes(Buffer.from([0x25, 0x88]));

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-uploads-'));
  t = await createTestApp();
  app = createApp({ ...t.deps, paths: { ...t.deps.paths, uploadsDir } });
  for (const breed of buildBreeds().slice(0, 2)) await t.store.breeds.insert(breed);
  jpegWithGps = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 210, g: 150, b: 80 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 0/1' },
    })
    .toBuffer();
  png = await sharp({
    create: { width: 500, height: 400, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
});

afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const storedFile = (url: string) => path.join(uploadsDir, ...url.replace(/^\/uploads\//, '').split('/'));

describe('POST /api/upload/image', () => {
  it('re-encodes a photo to WebP with its sized variants and strips the GPS EXIF data', async () => {
    expect(hasGpsTag((await sharp(jpegWithGps).metadata()).exif)).toBe(true);
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    const response = await agent
      .post('/api/upload/image')
      .attach('puppyImage', jpegWithGps, { filename: 'IMG_0001.JPG', contentType: 'image/jpeg' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      url: expect.stringMatching(/^\/uploads\/images\/[a-f0-9]{32}\.webp$/),
    });
    const url: string = response.body.url;
    expect(url).not.toContain('IMG_0001');

    const main = await sharp(storedFile(url)).metadata();
    expect(main).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(main.exif).toBeUndefined();
    for (const [suffix, width] of [
      ['-w640', 640],
      ['-w320', 320],
    ] as const) {
      const variant = await sharp(storedFile(url.replace('.webp', `${suffix}.webp`))).metadata();
      expect(variant).toMatchObject({ format: 'webp', width });
      expect(variant.exif).toBeUndefined();
    }

    // served from /uploads with the right type and nosniff
    const served = await request(app).get(url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(hasGpsTag(served.body as Buffer)).toBe(false);
  });

  it('accepts PNG, WebP and AVIF, never enlarging a small picture', async () => {
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    const webp = await sharp(png).webp().toBuffer();
    const avif = await sharp(png).avif().toBuffer();
    for (const [name, bytes] of [
      ['a.png', png],
      ['b.webp', webp],
      ['c.avif', avif],
    ] as const) {
      const response = await agent.post('/api/upload/image').attach('puppyImage', bytes, name);
      expect(response.status, name).toBe(201);
      expect((await sharp(storedFile(response.body.url)).metadata()).width, name).toBe(500);
    }
  });

  it('decides the type by the bytes: a renamed HTML page, an SVG and a truncated JPEG are refused with 415', async () => {
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    const before = readdirSync(uploadsDir, { recursive: true }).length;
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const truncated = jpegWithGps.subarray(0, Math.floor(jpegWithGps.length / 2));
    const cases: Array<[string, Buffer, string, string]> = [
      ['puppy.jpg', html, 'image/jpeg', 'Only JPEG, PNG, WebP and AVIF images can be uploaded.'],
      ['puppy.svg', svg, 'image/svg+xml', 'Only JPEG, PNG, WebP and AVIF images can be uploaded.'],
      ['puppy.jpg', truncated, 'image/jpeg', 'This file is not a valid image.'],
    ];
    for (const [filename, bytes, contentType, message] of cases) {
      const response = await agent.post('/api/upload/image').attach('puppyImage', bytes, { filename, contentType });
      expect(response.status, filename).toBe(415);
      expect(response.body.error).toEqual({ code: 'unsupported_media_type', message });
    }
    expect(readdirSync(uploadsDir, { recursive: true }).length).toBe(before);
  });

  it('refuses an image over 10 MB with 413 and a clear message', async () => {
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    const response = await agent.post('/api/upload/image').attach('puppyImage', huge, 'big.jpg');
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe('This image is larger than 10 MB. Please choose a smaller one.');
  });

  it('needs a seller login, a file and the right field name', async () => {
    const visitor = await request(app).post('/api/upload/image').attach('puppyImage', png, 'a.png');
    expect(visitor.status).toBe(401);
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    const wrongField = await agent.post('/api/upload/image').attach('photo', png, 'a.png');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error.message).toBe('Send one file in the "puppyImage" field.');
    const noFile = await agent.post('/api/upload/image').field('note', 'hello');
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.message).toBe('Please choose an image to upload.');
    const json = await agent.post('/api/upload/image').send({ puppyImage: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(400);
    const broken = await agent
      .post('/api/upload/image')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="puppyImage"; filename="a.png"\r\n\r\nabc');
    expect(broken.status).toBe(400);
  });

  it('keeps a listing at 5 additional images: the 6th is refused when the listing is saved', async () => {
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    const urls: string[] = [];
    for (let i = 0; i < 7; i++)
      urls.push((await agent.post('/api/upload/image').attach('puppyImage', png, `p${i}.png`).expect(201)).body.url);
    const listing = {
      name: 'Pepper',
      breedId: 1,
      gender: 'Female',
      age: 9,
      weight: 8,
      price: 1500,
      description: 'A sweet and curious girl.',
      location: 'Denver, CO',
      zip: '80202',
      imageUrl: urls[0],
    };
    const six = await agent.post('/api/puppies').send({ ...listing, imageUrls: urls.slice(1, 7) });
    expect(six.status).toBe(400);
    expect(six.body.error.fields.imageUrls).toBe('You can only upload up to 5 additional images.');
    const five = await agent.post('/api/puppies').send({ ...listing, imageUrls: urls.slice(1, 6) });
    expect(five.status).toBe(201);
    expect(five.body.imageUrls).toHaveLength(5);

    // images the listing stops using are removed from disk with their variants
    const dropped = urls[5]!;
    const files = [dropped, dropped.replace('.webp', '-w640.webp'), dropped.replace('.webp', '-w320.webp')].map(
      storedFile,
    );
    expect(files.filter((file) => existsSync(file))).toEqual(files);
    await agent
      .put(`/api/puppies/${five.body.id}`)
      .send({ imageUrls: urls.slice(1, 5) })
      .expect(200);
    // The files go after the response, in the background: on a busy machine that can take over poll's
    // default second. The image and its variants are removed at once, in no set order, so wait for all.
    await expect.poll(() => files.filter((file) => existsSync(file)), { timeout: 10_000 }).toEqual([]);
    expect(existsSync(storedFile(urls[1]!))).toBe(true);
  });
});

describe('POST /api/upload/video', () => {
  const ftyp = (brand: string) =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from(`ftyp${brand}`, 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isommp41', 'latin1'),
      Buffer.alloc(2048, 7),
    ]);
  const webm = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from('webm', 'latin1'),
    Buffer.alloc(2048, 3),
  ]);

  it('stores MP4, MOV and WebM as they are, named by the server', async () => {
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    for (const [bytes, ext] of [
      [ftyp('isom'), 'mp4'],
      [ftyp('qt  '), 'mov'],
      [webm, 'webm'],
    ] as const) {
      const response = await agent
        .post('/api/upload/video')
        .attach('puppyVideo', bytes, { filename: `my video.${ext}`, contentType: 'application/octet-stream' });
      expect(response.status, ext).toBe(201);
      expect(response.body.url, ext).toMatch(new RegExp(`^/uploads/videos/[a-f0-9]{32}\\.${ext}$`));
      const served = await request(app)
        .get(response.body.url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(Buffer.compare(served.body as Buffer, bytes), ext).toBe(0);
    }
  });

  it('refuses what is not a video (an image, a renamed page) with 415, and over 50 MB with 413', async () => {
    const { agent } = await registeredAgent(app, { accountType: 'seller' });
    const avif = await sharp(png).avif().toBuffer();
    for (const bytes of [Buffer.from('<html>not a video</html>'), avif, png]) {
      const response = await agent
        .post('/api/upload/video')
        .attach('puppyVideo', bytes, { filename: 'clip.mp4', contentType: 'video/mp4' });
      expect(response.status).toBe(415);
      expect(response.body.error.message).toBe('Only MP4, MOV and WEBM videos can be uploaded.');
    }
    const huge = Buffer.concat([ftyp('isom'), Buffer.alloc(50 * 1024 * 1024)]);
    const tooBig = await agent.post('/api/upload/video').attach('puppyVideo', huge, 'long.mp4');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('This video is larger than 50 MB. Please choose a shorter or smaller one.');
    expect((await request(app).post('/api/upload/video').attach('puppyVideo', ftyp('isom'), 'a.mp4')).status).toBe(401);
  });
});
