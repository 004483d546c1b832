/// The demo gallery: faithful recreations of the classic iOS animation tutorials.
public enum DemoGallery {
    /// Every demo, in gallery order.
    public static let all: [Demo] = [
        WaveFillDemo.demo, MenuMorphDemo.demo, CircularProgressDemo.demo, LikeButtonDemo.demo, AddToCartDemo.demo,
        SpringsDemo.demo, TransitionsDemo.demo, TimingDemo.demo, ScrubbingDemo.demo, LayerBasicsDemo.demo,
        DownloadProgressDemo.demo, DashboardCardDemo.demo, GradientBackgroundDemo.demo, ReplicatorSpinnerDemo.demo,
    ]

    /// The demo named `name`, if there is one.
    public static func demo(named name: String) -> Demo? {
        all.first { $0.name == name }
    }
}
