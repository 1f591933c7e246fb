// Puppeteer (under DAISY Ace, the EPUB accessibility checker) drives Debian's Chromium: it downloads no browser of its own.
module.exports = { skipDownload: true };
