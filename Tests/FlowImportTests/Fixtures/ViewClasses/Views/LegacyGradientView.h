#import <UIKit/UIKit.h>

@interface LegacyGradientView : UIView
@end
