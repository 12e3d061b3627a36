export function AdminPhotos() {
  return <h1>AdminPhotos</h1>;
}
