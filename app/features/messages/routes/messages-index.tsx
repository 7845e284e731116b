export default function NoConversationOpen() {
  return <p className="m-auto p-6 text-center text-stone-700">Select a conversation to start messaging.</p>;
}
