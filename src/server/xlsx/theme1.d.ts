/** exceljs's default Office theme part (a CommonJS module exporting the XML text). */
declare module 'exceljs/lib/xlsx/xml/theme1.js' {
  const xml: string;
  export default xml;
}
