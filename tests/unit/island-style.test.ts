import { describe, expect, it } from 'vitest';
import { moveIslandStyleToHead } from '../../integrations/after-build/island-style.ts';

const rule = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe("Astro's island style", () => {
  it('moves from the body to the end of the head, every other byte kept', () => {
    const page = `<!DOCTYPE html><html><head><title>A</title></head><body><p>Text</p>${rule}<script>1</script></body></html>`;
    expect(moveIslandStyleToHead(page)).toBe(
      `<!DOCTYPE html><html><head><title>A</title>${rule}</head><body><p>Text</p><script>1</script></body></html>`,
    );
  });

  it("leaves a page without islands, and the book's own styles in the head, as they are", () => {
    const page = '<!DOCTYPE html><html><head><style>p{color:red}</style></head><body><p>Text</p></body></html>';
    expect(moveIslandStyleToHead(page)).toBe(page);
  });
});
