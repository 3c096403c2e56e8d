// Plain JavaScript on purpose: it must run on any Node to tell an old one how to get the right one.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `PuppyNest needs Node >= 22.12 but this is ${process.version}: run "npm install" (it brings Node 24 into node_modules/.bin) and start everything through "npm run …", or install Node 24.`,
  );
  process.exit(1);
}
