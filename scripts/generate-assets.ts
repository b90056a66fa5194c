/** Images and icons made from app/content/site.ts at build time (filled in by the landing work). */
export async function generateAssets(_root: string): Promise<void> {}
