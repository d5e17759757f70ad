export default function Landing() {
  return <h1>Cubby</h1>;
}
