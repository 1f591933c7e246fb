/**
 * A PDF's metadata as the book's PDFs all give it (the editions and the handout): its Info dictionary, and XMP that
 * holds what Info has no field for, the rights (dc:rights, xmpRights) as Acrobat's Copyright fields read them.
 */
import { PDFName, type PDFDocument } from 'pdf-lib';

export interface PdfMetadata {
  title: string;
  authors: string[];
  subject: string;
  language: string;
  /** The copyright line and the licence's sentence (src/lib/licence.ts, rightsStatement), and the licence's address. */
  rights: string;
  licenceUrl: string;
  /** A fixed date where the file must be the same run to run. */
  date: Date;
  /** What made the PDF. */
  creator: string;
  producer: string;
}

/** Sets the PDF's Info dictionary and its XMP from the same facts. */
export function setMetadata(pdf: PDFDocument, facts: PdfMetadata): void {
  pdf.setTitle(facts.title, { showInWindowTitleBar: true });
  pdf.setAuthor(facts.authors.join(', '));
  pdf.setSubject(facts.subject);
  pdf.setLanguage(facts.language);
  pdf.setCreator(facts.creator);
  pdf.setProducer(facts.producer);
  pdf.setCreationDate(facts.date);
  pdf.setModificationDate(facts.date);
  // The rights are XMP's alone (the Info dictionary has no field for them), in UTF-8: where readers show a PDF's copyright.
  pdf.catalog.set(
    PDFName.of('Metadata'),
    pdf.context.register(pdf.context.stream(new TextEncoder().encode(xmp(facts)), { Type: 'Metadata', Subtype: 'XML' })),
  );
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character);

/** The PDF's XMP metadata: what its Info dictionary says, and its rights. */
function xmp(facts: PdfMetadata): string {
  const date = facts.date.toISOString().replace(/\.\d+Z$/, 'Z');
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/">
<dc:format>application/pdf</dc:format>
<dc:title>${alt(facts.title)}</dc:title>
<dc:creator><rdf:Seq>${facts.authors.map((author) => `<rdf:li>${escapeXml(author)}</rdf:li>`).join('')}</rdf:Seq></dc:creator>
<dc:description>${alt(facts.subject)}</dc:description>
<dc:language><rdf:Bag><rdf:li>${escapeXml(facts.language)}</rdf:li></rdf:Bag></dc:language>
<dc:rights>${alt(facts.rights)}</dc:rights>
<xmpRights:Marked>True</xmpRights:Marked>
<xmpRights:WebStatement>${escapeXml(facts.licenceUrl)}</xmpRights:WebStatement>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
<xmp:CreatorTool>${escapeXml(facts.creator)}</xmp:CreatorTool>
<pdf:Producer>${escapeXml(facts.producer)}</pdf:Producer>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
