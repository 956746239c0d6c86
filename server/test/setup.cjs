// PGlite needs a few seconds to start in a test file's beforeAll.
jest.setTimeout(60_000);
