/** Stands in for a screen whose issue has not been built yet; its route is already real. */
export function PlaceholderScreen({ title }: { title: string }) {
  return <h1>{title}</h1>;
}
